// Limits on how long the database may take, measured on a clock that does not count the time this
// process itself was stalled. After a stall of the event loop (a long garbage collection, a burst of
// large bodies on a busy machine), plain timers fire before the socket reads that were waiting behind the
// stall, so a database that answered in time would be taken for one that did not (a false 503). Here
// each tick of a short interval adds at most TICK_CREDIT_MS, so a stall counts as one short tick.

/** How often the clock advances while any watch is running. */
const TICK_MS = 50;
/** The most one tick adds, however late it ran. */
const TICK_CREDIT_MS = 100;

interface Watch {
  deadline: number;
  onExpire: () => void;
}

const watches = new Set<Watch>();
let patientNow = 0;
let lastTick = 0;
let ticker: NodeJS.Timeout | undefined;

function tick() {
  const now = performance.now();
  patientNow += Math.min(now - lastTick, TICK_CREDIT_MS);
  lastTick = now;
  for (const watch of [...watches]) {
    if (watch.deadline > patientNow) continue;
    watches.delete(watch);
    watch.onExpire();
  }
  if (watches.size === 0) {
    clearInterval(ticker);
    ticker = undefined;
  }
}

/**
 * Calls `onExpire` once `ms` have passed on the patient clock, unless the returned cancel is called
 * first. One interval serves every watch, and runs only while there is one.
 */
export function watchFor(ms: number, onExpire: () => void): () => void {
  if (ticker === undefined) {
    lastTick = performance.now();
    ticker = setInterval(tick, TICK_MS);
    ticker.unref();
  }
  const watch: Watch = { deadline: patientNow + ms, onExpire };
  watches.add(watch);
  return () => {
    watches.delete(watch);
  };
}
