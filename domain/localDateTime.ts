/**
 * The value of an `<input type="datetime-local">` ("2026-11-23T14:30", or with ":ss") and epoch
 * milliseconds, in the browser's own time zone, exactly: a value names one local wall-clock time,
 * read back to the same text. A wall-clock time that does not exist (the hour skipped when
 * daylight saving time begins) or a malformed one is no time at all.
 */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const two = (n: number) => String(n).padStart(2, '0');

/** Epoch ms as the input's value, to the second (seconds shown only when not zero). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const base = `${String(d.getFullYear()).padStart(4, '0')}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
  return d.getSeconds() === 0 ? base : `${base}:${two(d.getSeconds())}`;
}

/** The input's value as epoch ms, or undefined if it names no (existing) local time. */
export function fromLocalInput(value: string): number | undefined {
  const m = LOCAL.exec(value.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v))) as [number, number, number, number, number, number];
  const d = new Date(year, month - 1, day, hour, minute, second);
  // Date rolls 31 February into March and a skipped DST hour into the next: those are refused.
  if (d.getFullYear() !== year || d.getMonth() !== month - 1 || d.getDate() !== day || d.getHours() !== hour || d.getMinutes() !== minute || d.getSeconds() !== second) return undefined;
  return d.getTime();
}
