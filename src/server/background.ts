import type { FastifyInstance } from 'fastify';

/**
 * Work a node does by itself while it listens (the reconciler, slip re-checks, sweeps, polls):
 * at start unless `atStart` is false, then every `everyMs` (0: never again). A run that is still
 * going when the next is due makes that one skip, a failure is logged and the next run tries
 * again, and closing the app starts no new run and waits for the run in progress. Every job is safe on N nodes at once
 * by its own design (each completion happens once); this only paces one node.
 */
export function runInBackground(app: FastifyInstance, job: { name: string; everyMs: number; atStart?: boolean; work: () => Promise<unknown> }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = job.work()
      .catch((err) => app.log.error({ err }, `${job.name} failed`))
      .finally(() => { running = undefined; });
  };
  app.addHook('onListen', async () => {
    if (job.atStart ?? true) tick();
    if (job.everyMs > 0) timer = setInterval(tick, job.everyMs);
  });
  // A shutdown starts no new run from its first moment (requests in flight may still be finishing);
  // the run in progress ends its step, and the app closes the database only after it.
  app.addHook('preClose', async () => {
    stopped = true;
    clearInterval(timer);
  });
  app.addHook('onClose', async () => {
    await running;
  });
}
