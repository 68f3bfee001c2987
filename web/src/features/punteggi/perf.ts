// User-timing marks of the scores page, read by the benchmark
// (bench/web/run.ts) through performance.getEntriesByName:
//   gas:tabella:snapshot  mark: first table painted (from the server snapshot)
//   gas:tabella:live      mark: first table painted from the local engine
//   gas:npe               measure: live frame received → table painted
//   gas:npe:js            measure: live frame received → React commit (apply,
//                         leaderboard, render)
//   gas:npe:paint         measure: start of the next frame → painted (style,
//                         layout, paint)
// gas:npe also contains the wait for the next frame (vsync): the work of one
// event is gas:npe:js + gas:npe:paint. A mark costs microseconds; nothing is
// sent anywhere.

let pendingNpe: number | null = null;
let snapshotDone = false;
let liveDone = false;
let lastVersion: number | undefined;

const supported = () =>
  typeof performance !== 'undefined' &&
  typeof performance.mark === 'function' &&
  typeof requestAnimationFrame === 'function';

/** Runs `callback(frameStart)` after the next paint: rAF runs just before it, a task queued there just after. */
function afterPaint(callback: (frameStart: number) => void): void {
  requestAnimationFrame(() => {
    const frameStart = performance.now();
    setTimeout(() => callback(frameStart), 0);
  });
}

/** A live event frame arrived (before it is applied). */
export function markNpeReceived(): void {
  if (!supported()) return;
  pendingNpe = performance.now();
}

/** The table committed rows; `version` is the live version (undefined: the snapshot). */
export function markTableCommitted(version: number | undefined): void {
  if (!supported()) return;
  if (version === undefined) {
    if (!snapshotDone) {
      snapshotDone = true;
      afterPaint(() => performance.mark('gas:tabella:snapshot'));
    }
    return;
  }
  if (!liveDone) {
    liveDone = true;
    afterPaint(() => performance.mark('gas:tabella:live'));
  }
  if (version === lastVersion) return;
  lastVersion = version;
  const start = pendingNpe;
  if (start === null) return;
  pendingNpe = null;
  const committed = performance.now();
  performance.measure('gas:npe:js', { start, end: committed });
  afterPaint((frameStart) => {
    const end = performance.now();
    performance.measure('gas:npe:paint', { start: frameStart, end });
    performance.measure('gas:npe', { start, end });
  });
}
