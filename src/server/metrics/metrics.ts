import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The outside services whose calls are counted, by the adapter kind of `adapters.ts`. */
export const PROVIDER_KINDS = ['game', 'slip', 'sms', 'payout', 'gateway', 'truewallet', 'push'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/**
 * How a call to the outside ended: `ok`; `refused` (the provider answered no); `unknown` (no
 * answer within PROVIDER_TIMEOUT_MS, or an answer that says "not yet": only asking again can tell);
 * `error` (anything else: a network error, an answer we cannot read).
 */
export type ProviderOutcome = 'ok' | 'refused' | 'unknown' | 'error';

/** Every metric of the product starts with this; the process's own (`process_*`, `nodejs_*`) keep prom-client's names. */
export const METRIC_PREFIX = 'member_wallet_';

/** What a scrape-time gauge reads: its value per label value, or nothing when it cannot be read now. */
export type ScrapeReader = () => Promise<Record<string, number>>;

/** How long a scrape waits for one reading (the database may be away); then that gauge is left out of this scrape. */
const SCRAPE_READ_MS = 2_000;

/**
 * The app's metrics, in a registry of its own (never prom-client's global one, so several apps
 * in one test process do not clash). Counters and histograms are fed as things happen; gauges
 * that cost a query are read when `/metrics` is scraped.
 */
export class AppMetrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: `${METRIC_PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'Time to answer an HTTP request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly ledgerEntries = new Counter({
    name: `${METRIC_PREFIX}ledger_entries_booked_total`,
    help: 'Ledger entries this node committed (every money movement is one entry)',
    registers: [this.registry],
  });

  readonly providerCalls = new Counter({
    name: `${METRIC_PREFIX}provider_calls_total`,
    help: 'Calls to outside services, by adapter kind, provider, operation and outcome (ok, refused, unknown, error)',
    labelNames: ['kind', 'provider', 'operation', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly providerDuration = new Histogram({
    name: `${METRIC_PREFIX}provider_call_duration_seconds`,
    help: 'Time an outside service took to answer, by adapter kind and provider (calls without an answer in time are not observed)',
    labelNames: ['kind', 'provider'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  constructor(options: { processMetrics: boolean }) {
    // Event-loop delay, memory, CPU, handles. Each registry that collects them samples the event
    // loop on its own, so an app that is never scraped (METRICS_TOKEN unset, tests) does not.
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  /** Counts one answered request; `route` is the pattern the router matched (never the raw URL, whose ids would make a series each). */
  answered(method: string, route: string, statusCode: number, seconds: number) {
    const labels = { method, route, status_class: `${Math.floor(statusCode / 100)}xx` };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  providerCall(kind: ProviderKind, provider: string, operation: string, outcome: ProviderOutcome, seconds?: number) {
    this.providerCalls.inc({ kind, provider, operation, outcome });
    if (seconds !== undefined) this.providerDuration.observe({ kind, provider }, seconds);
  }

  /** A gauge without labels whose value is known now (sockets connected to this node). */
  gauge(name: string, help: string, read: () => number) {
    new Gauge({ name: `${METRIC_PREFIX}${name}`, help, registers: [this.registry], collect() { this.set(read()); } });
  }

  /**
   * A gauge with one label, read when scraped (a query): a reading that fails or takes longer than
   * two seconds leaves the gauge out of that scrape, and the rest of the scrape is answered.
   */
  gaugeOnScrape(name: string, help: string, label: string, read: ScrapeReader, onError: (err: unknown) => void) {
    new Gauge({
      name: `${METRIC_PREFIX}${name}`, help, labelNames: [label], registers: [this.registry],
      async collect() {
        this.reset();
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`${name} not read within ${SCRAPE_READ_MS} ms`)), SCRAPE_READ_MS);
        });
        try {
          const values = await Promise.race([read(), late]);
          for (const [value, n] of Object.entries(values)) this.set({ [label]: value }, n);
        } catch (err) {
          onError(err);
        } finally {
          clearTimeout(timer);
        }
      },
    });
  }
}
