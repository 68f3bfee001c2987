// A long job split into short tasks: between two slices the browser handles a
// tap, paints a frame or runs the app's other work, and a phone's main thread
// is never held for long (Lighthouse's blocking time counts every task over
// 50 ms). `scheduler.yield()` (Chromium ≥ 129) resumes the job ahead of tasks
// queued meanwhile; elsewhere a zero timeout does the same, a little later.
type WithScheduler = { scheduler?: { yield?: () => Promise<void> } };

export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as WithScheduler).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Yields where `scheduler.yield()` exists, and only there (resumed at once,
 * ahead of other tasks); elsewhere undefined, and the caller goes on in the
 * same task, as without it. For short work that a caller starts in a batch
 * inside a task already long: the fetches a page's first effects start
 * (a fetch is 1-3 ms of main thread on a phone) each leave that task.
 */
export function yieldWhereCheap(): Promise<void> | undefined {
  const scheduler = (globalThis as WithScheduler).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : undefined;
}
