import { mulDecimal, trimZeros } from '../../../../domain/decimal';
import { money } from '../../../../domain/figures';

/** A rate as an exact percentage: "0.1%", "-0.02%", "0.025%" (a fee rate is never rounded on the page). */
export const ratePercent = (rate: string) => `${trimZeros(mulDecimal(rate, '100'))}%`;

/** A 30-day volume in USDT, as money reads. */
export const volumeUsdt = (value: string) => `${money(value, 'USDT')} USDT`;
