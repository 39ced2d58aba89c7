import type { Adapters } from '../adapters';
import type { GameProvider } from '../providers/games/adapter';
import type { QrChannel } from '../providers/gateways/adapter';
import type { AppMetrics, ProviderKind, ProviderOutcome } from './metrics';

/** Names of the errors an adapter throws when the provider answered no (`ProviderRefusal`, `GatewayRefusal`). */
const REFUSALS = new Set(['ProviderRefusal', 'GatewayRefusal']);
/** ... and when no answer came in time (`ProviderTimeout`, fetch's own). */
const TIMEOUTS = new Set(['ProviderTimeout', 'TimeoutError', 'AbortError']);

function thrownOutcome(error: unknown): ProviderOutcome {
  const name = error instanceof Error ? error.name : '';
  if (REFUSALS.has(name)) return 'refused';
  if (TIMEOUTS.has(name)) return 'unknown';
  return 'error';
}

/**
 * Some adapters answer a refusal instead of throwing it: a slip the bank does not confirm
 * (`kind: 'refused'`, or `pending` when it cannot say yet), a True Wallet voucher refused or not
 * found, a push service that no longer knows the subscription (`gone`) or failed.
 */
function answeredOutcome(answer: unknown): ProviderOutcome {
  if (typeof answer !== 'object' || answer === null) return 'ok';
  const { kind, status, statusCode } = answer as { kind?: unknown; status?: unknown; statusCode?: unknown };
  if (kind === 'refused' || kind === 'not_found' || status === 'gone') return 'refused';
  if (kind === 'pending') return 'unknown';
  if (status === 'failed') return statusCode === undefined ? 'unknown' : 'error';
  return 'ok';
}

/**
 * The same adapter, each of its calls counted: its outcome, and its time when it answered. A call
 * with no answer within `timeoutMs` (PROVIDER_TIMEOUT_MS, when its caller gives up) is counted
 * `unknown` then, and its late answer is not counted again.
 */
function counted<T extends object>(adapter: T, metrics: AppMetrics, kind: ProviderKind, provider: string, timeoutMs: number): T {
  return new Proxy(adapter, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string' || property === 'constructor') return value;
      return (...args: unknown[]) => {
        const started = performance.now();
        let done = false;
        const count = (outcome: ProviderOutcome, answered: boolean) => {
          if (done) return;
          done = true;
          metrics.providerCall(kind, provider, property, outcome, answered ? (performance.now() - started) / 1000 : undefined);
        };
        let result: unknown;
        try {
          result = (value as (...a: unknown[]) => unknown).apply(target, args);
        } catch (error) {
          count(thrownOutcome(error), true);
          throw error;
        }
        if (!(result instanceof Promise)) {
          count(answeredOutcome(result), true);
          return result;
        }
        const late = setTimeout(() => count('unknown', false), timeoutMs);
        late.unref();
        return result.then(
          (answer: unknown) => { clearTimeout(late); count(answeredOutcome(answer), true); return answer; },
          (error: unknown) => { clearTimeout(late); count(thrownOutcome(error), true); throw error; },
        );
      };
    },
  });
}

/**
 * Every outside service the modules call, counted once here (the modules take their adapters
 * from the context and never know). `names` says which implementation each single adapter is
 * (sandbox, http, manual...), the provider label of its calls; game providers and gateways are
 * labelled by their code.
 */
export function countedAdapters(
  adapters: Adapters,
  metrics: AppMetrics,
  options: { timeoutMs: number; names: { sms: string; payout: string; slip: string; truewallet: string; push: string } },
): Adapters {
  const { timeoutMs, names } = options;
  const games = new Map<string, GameProvider | undefined>();
  const channels = new Map<string, QrChannel>();
  return {
    ...adapters,
    sms: counted(adapters.sms, metrics, 'sms', names.sms, timeoutMs),
    gameProvider: (code) => {
      if (!games.has(code)) {
        const provider = adapters.gameProvider(code);
        games.set(code, provider && counted(provider, metrics, 'game', code, timeoutMs));
      }
      return games.get(code);
    },
    payout: counted(adapters.payout, metrics, 'payout', names.payout, timeoutMs),
    gatewayChannel: (provider) => {
      let channel = channels.get(provider);
      if (!channel) channels.set(provider, (channel = counted(adapters.gatewayChannel(provider), metrics, 'gateway', provider, timeoutMs)));
      return channel;
    },
    slipVerifier: counted(adapters.slipVerifier, metrics, 'slip', names.slip, timeoutMs),
    trueWallet: counted(adapters.trueWallet, metrics, 'truewallet', names.truewallet, timeoutMs),
    push: counted(adapters.push, metrics, 'push', names.push, timeoutMs),
  };
}
