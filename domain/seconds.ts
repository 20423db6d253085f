/**
 * Wire types of the seconds contracts (docs/API.md "Seconds contracts"), shared by the server and
 * the browser. Amounts and prices are exact decimal strings; times are epoch milliseconds; an index
 * second is an epoch second (the price of second S is fixed at the instant S begins).
 */
import { compareDecimal, mulDecimal, subDecimal } from './decimal';

export const SECONDS_PATHS = {
  /** Public: the pair's periods and the current index price. */
  config: '/api/seconds/config',
  /** Signed in: the risk acknowledgement state, balance and today's result. */
  account: '/api/seconds/account',
  acknowledge: '/api/seconds/acknowledge',
  buy: '/api/seconds/buy',
  current: '/api/seconds/orders_current',
  history: '/api/seconds/orders_history',
  operatorPeriods: '/api/operator/seconds/periods',
  operatorUpdatePeriod: '/api/operator/seconds/period_update',
} as const;

/**
 * The pair's seconds index, pushed each second as it is recorded: the price contracts buy and
 * settle at (not the last trade), with its draw band. Payload: `SecondsIndexTick`.
 */
export function secondsIndexChannel(left: string, right: string): string {
  return `${left}_${right}_sec_index_tick`.toLowerCase();
}

export interface SecondsIndexTick {
  pair: string;
  /** The second's recorded index price. */
  close: string;
  /** Its draw band (a settle within it of the buy price is a draw). */
  band: string;
  /** The epoch second it was recorded for. */
  second: number;
}

export const SECONDS_DIRECTIONS = ['up', 'down'] as const;
export type SecondsDirection = (typeof SECONDS_DIRECTIONS)[number];
export type SecondsOutcome = 'win' | 'loss' | 'draw';
/** 1 open (counting down or awaiting its price), 2 settled. */
export type SecondsStatus = 1 | 2;

/** The stake currency and the wallet account it comes from. */
export const SECONDS_CURRENCY = 'USDT';
export const SECONDS_ACCOUNT = 'sec_contract' as const;
declare module './walletAccounts' {
  interface WalletAccountKinds {
    /** Stakes come from and payouts go to it. */
    sec_contract: true;
  }
}
/** Stakes take at most this many decimal places. */
export const SECONDS_STAKE_PLACES = 2;
/**
 * The version of the risk warning; a text that states something new asks everyone again (a
 * rewording does not). 2: a settle within the draw band of the buy price is a draw (issue 49), no
 * longer only an equal price. 3: whether the trader may trade these products depends on the law
 * where they live, which the platform does not check for them (86fd0caa; before, the warning only
 * said some jurisdictions forbid them). The acknowledgement of an earlier version asks again.
 */
export const SECONDS_RISK_VERSION = 3;

export interface SecondsPeriod {
  symbol: string;
  /** Seconds from acceptance to expiry. */
  period: number;
  /** A fraction: "0.85" pays 85 % of the stake as profit on a win. */
  payout_rate: string;
  min_stake: string;
  max_stake: string;
  /** Most open net stake (this direction minus the opposite) per pair, period and direction. */
  max_exposure: string;
  enabled: boolean;
}

export interface SecondsConfig {
  symbol: string;
  /** Enabled periods, shortest first. */
  periods: SecondsPeriod[];
  /** The latest recorded index price and its second, if any. */
  index_price: string | null;
  index_second: number | null;
  /** The server's clock when it answered, for the countdown's offset. */
  server_time: number;
}

export interface SecondsAccount {
  acknowledged: boolean;
  risk_version: number;
  available: string;
  frozen: string;
  /** Sum of settled profits (positive or negative) since 00:00 UTC. */
  today_profit: string;
  open_count: number;
}

export interface SecondsBuyRequest {
  symbol: string;
  direction: SecondsDirection;
  period: number;
  quantity: string;
}

export interface SecondsContract {
  id: number;
  symbol: string;
  direction: SecondsDirection;
  period: number;
  payout_rate: string;
  /** Buy quantity = paid amount (the stake, USDT). */
  quantity: string;
  /** The index price of the acceptance second (also the "execution price"). */
  buy_price: string;
  accepted_at: number;
  /** The index second whose price settles it; expires_at = expiry_second × 1000. */
  expiry_second: number;
  expires_at: number;
  status: SecondsStatus;
  /** Stake × payout rate: what a win adds. */
  estimated_profit: string;
  settle_price: string | null;
  outcome: SecondsOutcome | null;
  /** Signed: +stake × rate on a win, −stake on a loss, 0 on a draw. */
  profit: string | null;
  settled_at: number | null;
  /**
   * A settle price within this of the buy price is a draw (docs/API.md "How the settle price is
   * made"): the buy second's band while open; once settled, the wider of it and the expiry second's.
   */
  draw_band: string;
}

/** The private channel's push when a contract of the user's changes (bought or settled). */
export interface SecondsStreamMessage {
  channel: 'user';
  kind: 'seconds';
  contract: SecondsContract;
}

export interface SecondsHistoryQuery {
  days: 3 | 7 | 30;
  page: number;
  size?: number;
  symbol?: string;
}

export interface SecondsPeriodUpdate {
  symbol: string;
  period: number;
  payout_rate?: string;
  min_stake?: string;
  max_stake?: string;
  max_exposure?: string;
  enabled?: boolean;
}

/** Estimated profit shown before buying: stake × rate, exact (2 stake places × 4 rate places). */
export function estimatedProfit(stake: string, rate: string): string {
  return mulDecimal(stake, rate);
}

/**
 * The rule of docs/API.md: a settle price within the draw band of the buy price is a draw; beyond
 * it, up wins above the buy price and down below.
 */
export function outcomeOf(direction: SecondsDirection, buyPrice: string, settlePrice: string, drawBand = '0'): SecondsOutcome {
  const move = subDecimal(settlePrice, buyPrice);
  const distance = compareDecimal(move, '0') < 0 ? subDecimal('0', move) : move;
  if (compareDecimal(distance, drawBand) <= 0) return 'draw';
  return (compareDecimal(move, '0') > 0) === (direction === 'up') ? 'win' : 'loss';
}

/** Which way a contract is going now (the floating result on a countdown card). */
export const floatingOutcome = outcomeOf;
