import { addDecimal, compareDecimal, subDecimal, toFixedDecimal, trimZeros } from '../../../src/domain/decimal.js';
import { DAY_MS, MINUTE_MS } from '../../../src/domain/fiat.js';
import { DEFAULT_LEGAL_TRADE } from '../../../src/domain/constants.js';
import { identityRights } from '../../../src/domain/kyc.js';
import type { NameStatus } from '../../../src/domain/api.js';
import type { LegalTradePatch, LegalTradeSettings } from '../../../src/domain/fiatSettings.js';
import type { Queryable } from '../../kernel/db/database.js';
import { readPlatConfig } from '../../kernel/catalogue.js';
import { Refusal as KernelRefusal } from '../../kernel/outcome.js';
import type { FiatMessageKey } from './messages.js';

/** A refusal of this product: thrown inside a transaction, it rolls everything back (the idempotency claim too). */
export class Refusal extends KernelRefusal<FiatMessageKey> {}

export interface LegalTrade {
  /** Minutes the buyer has to pay after the order is created. */
  payMs: number;
  /** Minutes the seller has to confirm receipt after the buyer marked paid; the buyer may appeal after it. */
  confirmMs: number;
  /** Orders cancelled unpaid (by the buyer or by the deadline) within 24 h after which a buyer may not take new ones. */
  maxUnpaid: number;
}

/** Platform config legal_trade (spec §9): pay_time and confirm_time are minutes. */
export async function legalTrade(db: Queryable): Promise<LegalTrade> {
  const { config } = await readPlatConfig(db);
  const lt = { ...DEFAULT_LEGAL_TRADE, ...config.legal_trade };
  const minutes = (value: unknown, fallback: number) => (Number.isFinite(Number(value)) && Number(value) > 0 ? Number(value) : fallback) * MINUTE_MS;
  return {
    payMs: minutes(lt.pay_time, DEFAULT_LEGAL_TRADE.pay_time),
    confirmMs: minutes(lt.confirm_time, DEFAULT_LEGAL_TRADE.confirm_time),
    maxUnpaid: Number.isInteger(Number(lt.max_unpaid_num)) && Number(lt.max_unpaid_num) > 0 ? Number(lt.max_unpaid_num) : DEFAULT_LEGAL_TRADE.max_unpaid_num,
  };
}

export type { LegalTradePatch };

/** The legal_trade section as the operator's settings screen shows it: what is stored over the defaults. */
export async function readLegalTrade(db: Queryable): Promise<LegalTradeSettings> {
  const [row] = await db.query<{ value: Partial<LegalTradeSettings> }>(`select value from platform_config where key = 'legal_trade'`);
  const stored = { ...DEFAULT_LEGAL_TRADE, ...row?.value };
  return { pay_time: Number(stored.pay_time), confirm_time: Number(stored.confirm_time), max_unpaid_num: Number(stored.max_unpaid_num) };
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
  return row!.value;
}

/** The USDT value of a crypto quantity at the currency list's price (2 decimals). */
export async function valueInUsdt(db: Queryable, crypto: string, quantity: string): Promise<string> {
  const [row] = await db.query<{ value: string }>(`select trim_scale($2::numeric * price)::text as value from currency where symbol = $1`, [crypto, quantity]);
  return trimZeros(toFixedDecimal(row?.value ?? '0', 2, 'half-up'));
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
  if (compareDecimal(value, single) > 0) throw new Refusal('fiatSingleLimit', { value, limit: single });
  const [row] = await tx.query<{ used: string }>(
    `select trim_scale(coalesce(sum(value_usdt), 0))::text as used from fiat_order
     where buyer_id = $1 and created_ms > $2 and status <> 'cancelled'`,
    [buyerId, now - DAY_MS],
  );
  const total = String(rights.purchaseTotal);
  const used = row?.used ?? '0';
  if (compareDecimal(addDecimal(used, value), total) > 0) {
    const left = compareDecimal(total, used) > 0 ? trimZeros(toFixedDecimal(subDecimal(total, used), 2, 'down')) : '0';
    throw new Refusal('fiatDailyLimit', { limit: total, left });
  }
}

/**
 * legal_trade.max_unpaid_num: a buyer with that many orders cancelled unpaid (by themselves or by
 * the pay deadline; never by an operator) within the last 24 hours may not take a new order until
 * the oldest of them leaves the window.
 */
export async function checkUnpaidLimit(tx: Queryable, buyerId: number, maxUnpaid: number, now: number): Promise<void> {
  const rows = await tx.query<{ finished_ms: string }>(
    `select finished_ms from fiat_order where buyer_id = $1 and status = 'cancelled' and cancel_reason in ('buyer', 'expired')
       and finished_ms > $2 order by finished_ms desc limit $3`,
    [buyerId, now - DAY_MS, maxUnpaid],
  );
  if (rows.length < maxUnpaid) return;
  const until = new Date(Number(rows[rows.length - 1]!.finished_ms) + DAY_MS).toISOString().slice(0, 16).replace('T', ' ');
  throw new Refusal('fiatUnpaidLimit', { count: String(rows.length), until });
}

/** USDT in `fiat` from the reference rates (the fiat_rate table the markets product keeps). */
export async function referenceRate(db: Queryable, crypto: string, fiat: string): Promise<string | undefined> {
  const [row] = await db.query<{ price: string }>(
    `select trim_scale(c.price * r.price)::text as price from currency c, fiat_rate r where c.symbol = $1 and r.pair = $2`,
    [crypto, `usdt_${fiat.toLowerCase()}`],
  );
  return row?.price;
}
