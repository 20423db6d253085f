/**
 * Wire types of the calls in spec §7 (documented in docs/API.md). Decimal values are strings.
 * The envelope: HTTP 200 with body code 200 is success; any other code carries a translated msg.
 */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T | null;
}

/** Closed list of body codes the server answers with. */
export const ResultCode = {
  ok: 200,
  badRequest: 400,
  forbidden: 403,
  notFound: 404,
  tooMany: 429,
  serverError: 500,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

export interface Community {
  name: string;
  logo: string;
  link: string;
}

export interface PlatConfig {
  communities: Community[];
  config: {
    download: { android_download_url: string; ios_download_url: string };
    /** `seconds_contracts`: 1 offered, 0 switched off (SECONDS_CONTRACTS=off); added by the server, absent means 1. */
    sys: { enable_phone_register: number; site_name: string; seconds_contracts?: number };
    legal_trade: { confirm_time: number; max_unpaid_num: number; pay_time: number };
    name_check: {
      draw_check: number;
      draw_uncheck: number;
      trust_single: number;
      trust_total: number;
      trust_uncheck: number;
    };
    service_info: { email: string };
  };
}

export interface Currency {
  symbol: string;
  name: string;
  /** Price in USDT, a decimal string. */
  price: string;
  /** 1: deposits allowed. */
  recharge_turn: 0 | 1;
  /** 1: withdrawals allowed. */
  draw_turn: 0 | 1;
  /** 1: usable for P2P fiat. */
  legal_status: 0 | 1;
  /** Circulating supply, used for market value. */
  circulating_supply: string;
}

export interface Pair {
  left_symbol: string;
  right_symbol: string;
  is_hot: 0 | 1;
  /** 1: spot tradable. */
  trade_status: 0 | 1;
  /** 1: contract enabled. */
  contract_status: 0 | 1;
  /** Decimal places of the price and of the quantity. */
  price_precision: number;
  amount_precision: number;
  /** The smallest order quantity, in the base currency (decimal string). */
  min_quantity: string;
  /** The smallest order value (price × quantity, or a market buy's amount), in the quote currency. */
  min_notional: string;
  /** Set while an operator has halted the market (issue 52 §1): the reason traders read. New orders are refused, cancels go through. */
  halted_reason?: string | null;
  /** The same for the pair's perpetual contract (issue 52 §1): its opening orders are refused, closes and cancels go through. */
  contract_halted_reason?: string | null;
}

export interface PairPrice {
  pair: string;
  price: string;
  source: string;
  updated_at: string;
}

export type NameStatus = 1 | 2 | 3 | 4;
export const NameStatus = { unverified: 1, pending: 2, verified: 3, failed: 4 } as const;

export interface UserInfo {
  id: number;
  account: string;
  nickname: string;
  avatar: string;
  email: string;
  phone: string;
  area_code: string;
  invitation_code: string;
  info: { name_status: NameStatus };
}

/** Registration step two (/api/register_next, the /reg-next page): the passwords, each twice, the invitation and the agreement. */
export interface RegistrationDetails {
  password: string;
  password_repeat: string;
  funds_password: string;
  funds_password_repeat: string;
  invitation_code: string;
  agree: boolean;
}

export interface PlatNote {
  /** `fallback`: the default language's note stands in for the asked one (absent otherwise). */
  detail: { title: string; content: string; fallback?: boolean };
}

export const NOTE_TYPES = { userAgreement: 1, privacyPolicy: 2, beginnerGuide: 3, legalNotice: 4, aboutUs: 5 } as const;
export type NoteType = (typeof NOTE_TYPES)[keyof typeof NOTE_TYPES];

/** Spot market tick of spec §3; `increase` is a fraction (0.0123 is +1.23%). */
export interface MarketTick {
  channel: string;
  pair: string;
  close: string;
  open: string;
  high: string;
  low: string;
  amount: string;
  vol: string;
  count: number;
  increase: string;
  /**
   * Set while the market is not trading: the process that runs it is gone and the figures are the
   * last it published (docs/API.md "Market-data channels"). Absent on every live tick.
   */
  paused?: true;
  /**
   * Set while an operator has halted the spot market (issue 52 §1): the reason traders read, at
   * most 200 characters. Absent while it trades, so the tick after a resume drops it.
   */
  halted_reason?: string;
}

export interface ContractIndexTick {
  channel: string;
  pair: string;
  /** The index price, cut to 4 decimals (§9). */
  close: string;
  /** The mark price (index + smoothed basis), cut to 4 decimals; sent by the futures product. */
  mark?: string;
}

/** Channel names of spec §7. */
export function spotTickChannel(left: string, right: string): string {
  return `${left}_${right}_tick`.toLowerCase();
}
export function futureTickChannel(left: string, right: string): string {
  return `${left}_${right}_future_tick`.toLowerCase();
}
export function futureIndexChannel(left: string, right: string): string {
  return `${left}_${right}_future_index_tick`.toLowerCase();
}

export interface SocketRefusal {
  channel?: string;
  code: number;
  msg: string;
}

/**
 * The public channel of the site's pair list (issue 52 §1): after every change an operator makes
 * to a market — a halt, a resume, a listing, a delisting — the whole list, as POST /api/pair_list
 * answers it, so open pages' markets lists follow without a reload. A subscriber's first message is
 * the list as it is then.
 */
export const PAIR_LIST_CHANNEL = 'pair_list';
