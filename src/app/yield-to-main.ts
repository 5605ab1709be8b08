/**
 * Ends the current task so the browser can paint and answer a tap, and resumes as soon as it
 * has (D23). `scheduler.yield()` resumes ahead of other queued tasks where the browser has it;
 * elsewhere a MessageChannel message does (a `setTimeout(0)` may be clamped to 4 ms and more).
 */
export function yieldToMain(scope: typeof globalThis = globalThis): Promise<void> {
  const scheduler = (scope as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof scope.MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new scope.MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
