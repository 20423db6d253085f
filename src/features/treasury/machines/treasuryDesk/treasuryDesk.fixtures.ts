import type { BalanceSheet, TreasurySeries } from '../../../../../domain/treasury';

/** 2026-11-27, UTC midnight: the fixtures' today. */
export const TODAY = Date.UTC(2026, 10, 27);
const DAY = 86_400_000;

export const FEES_FIXTURE: TreasurySeries = {
  name: 'fees',
  days: 30,
  from: TODAY - 29 * DAY,
  opening: {},
  points: [
    { day: TODAY - DAY, currency: 'USDT', key: 'spot', kind: 'fee_income', amount: '12.5' },
    { day: TODAY - DAY, currency: 'USDT', key: 'wallet', kind: 'withdraw_fee', amount: '1' },
    { day: TODAY, currency: 'BTC', key: 'spot', kind: 'fee_income', amount: '0.0003' },
    { day: TODAY, currency: 'USDT', key: 'futures', kind: 'futures_fee', amount: '4.25' },
  ],
};

export const INSURANCE_FIXTURE: TreasurySeries = {
  name: 'insurance',
  days: 90,
  from: TODAY - 89 * DAY,
  opening: { USDT: '1000000' },
  points: [
    { day: TODAY - 2 * DAY, currency: 'USDT', key: 'BTC_USDT', kind: 'liquidation_fee', amount: '30' },
    { day: TODAY, currency: 'USDT', key: 'ETH_USDT', kind: 'insurance_cover', amount: '-12' },
  ],
};

export const SHEET_FIXTURE: BalanceSheet = {
  at: TODAY + 3_600_000,
  rows: [
    { currency: 'BTC', deposits: '10', withdrawals: '-2', holdings: '8', users: '7.5', house: '0.5', difference: '0' },
    { currency: 'USDT', deposits: '1001000', withdrawals: '-200', holdings: '1000800', users: '700', house: '1000100', difference: '0' },
  ],
};
