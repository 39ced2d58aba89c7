/**
 * Resolves in a task of its own (scheduler.yield where the browser has it, else a message to
 * ourselves, which no timer clamps). Issue 32: a page's first render starts every call of its
 * screens in one go; each call's preparation (axios's config, headers, the request) then runs in
 * a short task of its own instead of all of them in one long task a slow phone cannot answer a
 * tap during.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
