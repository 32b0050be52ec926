const pad = (value: number) => String(value).padStart(2, '0');

/** spec §9: dates display as YYYY-MM-DD HH:mm, in the operator's local time. */
export function formatDateTime(utcMs: number): string {
  const date = new Date(utcMs);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}
