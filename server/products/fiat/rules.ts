import { addDecimal, compareDecimal, mulDecimal, subDecimal, toFixedDecimal, trimZeros } from '../../../domain/decimal.js';
import { limitPrice } from '../../kernel/platform/limitPrice.js';
import { DAY_MS, MINUTE_MS } from '../../../domain/fiat.js';
import { DEFAULT_LEGAL_TRADE } from '../../../domain/constants.js';
import { identityRights } from '../../../domain/kyc.js';
import type { NameStatus } from '../../../domain/api.js';
import { DEFAULT_P2P_GUARDS, type LegalTradePatch, type LegalTradeSettings } from '../../../domain/fiatSettings.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { numberVar } from '../../kernel/platform/i18n/messages.js';
import { readPlatConfig } from '../../kernel/platform/catalogue.js';
import { Refusal as KernelRefusal } from '../../kernel/platform/outcome.js';
import type { FiatMessageKey } from './messages.js';

/** A refusal of this product: thrown inside a transaction, it rolls everything back (the idempotency claim too). */
export class Refusal extends KernelRefusal<FiatMessageKey> {}

export interface LegalTrade {
  /** Minutes the buyer has to pay after the order is created. */
  payMs: number;
  /** Minutes the seller has to confirm receipt after the buyer marked paid; the buyer may appeal after it. */
  confirmMs: number;
  /** Orders cancelled unpaid (by the buyer or by the deadline) within 24 h after which the paying side is suspended. */
  maxUnpaid: number;
  /** How long that suspension from P2P lasts, from the order that reached maxUnpaid. */
  suspendMs: number;
  /** Ads one user may have online at once. */
  maxOnlineAds: number;
}

/** Platform config legal_trade (spec §9): pay_time and confirm_time are minutes. */
export async function legalTrade(db: Queryable): Promise<LegalTrade> {
  const { config } = await readPlatConfig(db);
  const lt: Record<string, unknown> = { ...DEFAULT_LEGAL_TRADE, ...DEFAULT_P2P_GUARDS, ...config.legal_trade };
  const whole = (value: unknown, fallback: number) => (Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : fallback);
  const minutes = (value: unknown, fallback: number) => (Number.isFinite(Number(value)) && Number(value) > 0 ? Number(value) : fallback) * MINUTE_MS;
  return {
    payMs: minutes(lt.pay_time, DEFAULT_LEGAL_TRADE.pay_time),
    confirmMs: minutes(lt.confirm_time, DEFAULT_LEGAL_TRADE.confirm_time),
    maxUnpaid: whole(lt.max_unpaid_num, DEFAULT_LEGAL_TRADE.max_unpaid_num),
    suspendMs: minutes(lt.suspend_time, DEFAULT_P2P_GUARDS.suspend_time),
    maxOnlineAds: whole(lt.max_online_ads, DEFAULT_P2P_GUARDS.max_online_ads),
  };
}

export type { LegalTradePatch };

/** The legal_trade section as the operator's settings screen shows it: what is stored over the defaults. */
export async function readLegalTrade(db: Queryable): Promise<LegalTradeSettings> {
  const [row] = await db.query<{ value: Partial<LegalTradeSettings> }>(`select value from platform_config where key = 'legal_trade'`);
  const stored = { ...DEFAULT_LEGAL_TRADE, ...DEFAULT_P2P_GUARDS, ...row?.value };
  return {
    pay_time: Number(stored.pay_time),
    confirm_time: Number(stored.confirm_time),
    max_unpaid_num: Number(stored.max_unpaid_num),
    suspend_time: Number(stored.suspend_time),
    max_online_ads: Number(stored.max_online_ads),
  };
}

/**
 * An operator's change to legal_trade: merged into the stored section, read by every later take
 * and payment (orders keep the deadlines they were given). Answers the whole section.
 */
export async function setLegalTrade(db: Queryable, patch: LegalTradePatch): Promise<LegalTradeSettings> {
  const [row] = await db.query<{ value: LegalTradeSettings }>(
    `insert into platform_config (key, value) values ('legal_trade', $1::jsonb || $2::jsonb)
       on conflict (key) do update set value = platform_config.value || $2::jsonb, updated_at = now() returning value`,
    [JSON.stringify(DEFAULT_LEGAL_TRADE), JSON.stringify(patch)],
  );
  return { ...DEFAULT_P2P_GUARDS, ...row!.value };
}

/**
 * The USDT value of a crypto quantity for the trust limits (2 decimals), at the limit's price
 * (wallet/prices.ts limitPrice): one trade far below the market, made between two accounts of the
 * buyer's, cannot make 2 BTC count as 200 USDT. No price at all counts as 0.
 */
export async function valueInUsdt(db: Queryable, crypto: string, quantity: string, now: number): Promise<string> {
  const price = await limitPrice(db, crypto, now);
  return trimZeros(toFixedDecimal(price ? mulDecimal(quantity, price) : '0', 2, 'half-up'));
}

/**
 * Spec §6 trust limits (config name_check, USDT): a buyer's single order is at most trust_single
 * when verified (name_status 3) and trust_uncheck otherwise; the orders they bought in the last
 * 24 hours that were not cancelled, this one included, at most trust_total / trust_uncheck.
 */
export async function checkTrustLimits(tx: Queryable, buyerId: number, value: string, now: number): Promise<void> {
  const [user] = await tx.query<{ name_status: number }>('select name_status from app_user where id = $1', [buyerId]);
  const { config } = await readPlatConfig(tx);
  const rights = identityRights(Number(user?.name_status ?? 1) as NameStatus, config.name_check);
  const single = String(rights.purchaseSingle);
  if (compareDecimal(value, single) > 0) throw new Refusal('fiatSingleLimit', { value: numberVar(value), limit: numberVar(single) });
  const [row] = await tx.query<{ used: string }>(
    `select trim_scale(coalesce(sum(value_usdt), 0))::text as used from fiat_order
     where buyer_id = $1 and created_ms > $2 and status <> 'cancelled'`,
    [buyerId, now - DAY_MS],
  );
  const total = String(rights.purchaseTotal);
  const used = row?.used ?? '0';
  if (compareDecimal(addDecimal(used, value), total) > 0) {
    const left = compareDecimal(total, used) > 0 ? trimZeros(toFixedDecimal(subDecimal(total, used), 2, 'down')) : '0';
    throw new Refusal('fiatDailyLimit', { limit: numberVar(total), left: numberVar(left) });
  }
}

/**
 * USDT in `fiat` from the reference rates (the fiat_rate table the markets product keeps), the
 * crypto at the median of its X/USDT market's one-minute closes over the last hour (its list price
 * when none): a margin ad follows the market, not the last trade, which one account selling to
 * another far below the market would set (floating sell ads then sold BTC at 100 USD).
 */
export async function referenceRate(db: Queryable, crypto: string, fiat: string): Promise<string | undefined> {
  const [row] = await db.query<{ price: string }>(
    `select trim_scale(coalesce((
       select percentile_disc(0.5) within group (order by k.close) from candle k
       where k.left_symbol = c.symbol and k.right_symbol = 'USDT' and k.interval = '1min'
         and k.open_time > extract(epoch from clock_timestamp()) * 1000 - 3600000
     ), c.price) * r.price)::text as price
     from currency c, fiat_rate r where c.symbol = $1 and r.pair = $2`,
    [crypto, `usdt_${fiat.toLowerCase()}`],
  );
  return row?.price;
}
