import type { SecondsAccount, SecondsConfig, SecondsContract } from '../../../../domain/seconds';
import type { TicketData } from './secondsContract/secondsContract.machine';

export const CONFIG: SecondsConfig = {
  symbol: 'BTC_USDT',
  periods: [
    { symbol: 'BTC_USDT', period: 30, payout_rate: '0.8', min_stake: '10', max_stake: '10000', max_exposure: '100000', enabled: true },
    { symbol: 'BTC_USDT', period: 60, payout_rate: '0.85', min_stake: '10', max_stake: '10000', max_exposure: '100000', enabled: true },
  ],
  index_price: '96250.5',
  index_second: 1_800_000_000,
  server_time: 1_800_000_000_000,
};

export const ACCOUNT: SecondsAccount = { acknowledged: true, risk_version: 1, available: '450', frozen: '50', today_profit: '-20', open_count: 1 };

export const TICKET: TicketData = {
  config: CONFIG,
  account: { acknowledged: false, risk_version: 1, available: '500', frozen: '0', today_profit: '0', open_count: 0 },
  receivedAt: 1_800_000_000_000,
};

export const OPEN: SecondsContract = {
  id: 41,
  symbol: 'BTC_USDT',
  direction: 'up',
  period: 30,
  payout_rate: '0.8',
  quantity: '100',
  buy_price: '96250.5',
  accepted_at: 1_800_000_000_100,
  expiry_second: 9_000_000_000_000,
  // Far in the future: the card stays counting down until a push or the give-up delay.
  expires_at: 9_000_000_000_000_000,
  status: 1,
  estimated_profit: '80',
  settle_price: null,
  outcome: null,
  profit: null,
  settled_at: null,
  draw_band: '0.02',
};

/** Already past its expiry: the card goes straight to awaiting the result. */
export const EXPIRED: SecondsContract = { ...OPEN, id: 42, expiry_second: 1, expires_at: 1000 };
export const SETTLED: SecondsContract = { ...OPEN, status: 2, settle_price: '96260', outcome: 'win', profit: '80', settled_at: 1_800_000_030_050 };
export const SETTLED_EXPIRED: SecondsContract = { ...SETTLED, id: 42, expiry_second: 1, expires_at: 1000 };
