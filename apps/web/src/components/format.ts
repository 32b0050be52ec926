const pad = (value: number) => String(value).padStart(2, '0');

/** Dates display as YYYY-MM-DD HH:mm, in the operator's local time. */
export function formatDateTime(utcMs: number): string {
  const date = new Date(utcMs);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/**
 * A recent moment with seconds: HH:mm:ss when it is on the same local day as `now`, else the date too
 * (YYYY-MM-DD HH:mm:ss), so a time of yesterday is not read as today's.
 */
export function formatRecentTime(utcMs: number, now: number): string {
  const date = new Date(utcMs);
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  const isToday = new Date(now).toDateString() === date.toDateString();
  return isToday ? time : `${formatDateTime(utcMs).slice(0, 10)} ${time}`;
}
