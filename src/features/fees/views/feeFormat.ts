import { money } from '../../../../domain/figures';

/** A rate as an exact percentage in the language's way: "0.1%", "-0.02%", Turkish "%0,025" (a fee rate is never rounded on the page). */
export { ratePercent } from '../../../../domain/fees';

/** A 30-day volume in USDT, as money reads. */
export const volumeUsdt = (value: string) => `${money(value, 'USDT')} USDT`;
