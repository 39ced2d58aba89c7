import type { AppMetrics, ScrapeReader } from './metrics';

/**
 * The gauges of what a live site watches, read when scraped: sockets connected to this node, the
 * reconciler's backlog (the same on every node: one database) and what waits for an operator.
 * The app composes the readers from the modules that own them; this file only names the gauges.
 */
export function watchOperations(metrics: AppMetrics, readers: {
  sockets: () => number;
  backlog: ScrapeReader;
  queues: ScrapeReader;
  onError: (err: unknown) => void;
}) {
  metrics.gauge('sockets_connected', 'Sockets (pages and consoles) connected to this node', readers.sockets);
  metrics.gaugeOnScrape(
    'reconciler_backlog',
    'Transfer legs still pending and transfer requests still open after RECONCILE_GRACE_MS (what the reconciler has not resolved yet)',
    'item', readers.backlog, readers.onError,
  );
  metrics.gaugeOnScrape('operator_queue_waiting', 'Items waiting for an operator, by queue', 'queue', readers.queues, readers.onError);
}
