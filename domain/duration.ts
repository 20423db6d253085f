/**
 * One countdown formatter for every product: whole seconds left as `mm:ss`, with hours in front
 * when there are any (`h:mm:ss`, the fiat order steps), or always as `hh:mm:ss` (`alwaysHours`,
 * the futures funding countdown). Fractions of a second are dropped and a past deadline shows
 * zero, so a countdown never goes negative.
 */
export interface CountdownOptions {
  /** Always show hours, padded to two digits (`00:04:05`). */
  alwaysHours?: boolean;
}

const two = (n: number) => String(n).padStart(2, '0');

export function formatCountdown(seconds: number, options: CountdownOptions = {}): string {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const h = Math.floor(s / 3600);
  const rest = `${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  if (options.alwaysHours) return `${two(h)}:${rest}`;
  return h > 0 ? `${h}:${rest}` : rest;
}
