import { compareDecimal, divDecimal, mulDecimal, toFixedDecimal } from '../../../domain/decimal.js';
import {
  adPrice,
  adSendsCrypto,
  FIAT_ACCOUNT,
  FIAT_PLACES,
  publishProblem,
  TERMS_MAX,
  type AdSide,
  type AdStatus,
  type FiatAd,
  type FiatAdsQuery,
  type FiatMyAd,
  type FiatMyAdsPage,
  type FiatMyAdsQuery,
  type FiatPublishRequest,
  type PriceKind,
} from '../../../domain/fiat.js';
import type { Page } from '../../../domain/wallet.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { applyBalanceChanges, canSpend, lockBalances } from '../../kernel/platform/ledger/ledgerBatch.js';
import { lockUser } from '../../kernel/platform/userLock.js';
import { requireOutflowUnlocked } from '../../kernel/platform/auth/outflow/outflow.js';
import { legalTrade, referenceRate, Refusal } from './rules.js';
import { frozenOwners, refuseAboveOnlineCap, refuseIfSuspended, suspensions } from './standing.js';

export const MAX_PAGE_SIZE = 50;
export { TERMS_MAX };

export interface AdRow {
  id: number;
  user_id: number;
  side: AdSide;
  crypto: string;
  fiat: string;
  price_kind: PriceKind;
  fixed_price: string | null;
  margin: string | null;
  total: string;
  remaining: string;
  min_amount: string;
  max_amount: string;
  method_ids: number[];
  terms: string;
  status: AdStatus;
  created_ms: number;
}

export const AD_COLUMNS = `a.id, a.user_id, a.side, a.crypto, a.fiat, a.price_kind, trim_scale(a.fixed_price)::text as fixed_price,
  trim_scale(a.margin)::text as margin, trim_scale(a.total)::text as total, trim_scale(a.remaining)::text as remaining,
  trim_scale(a.min_amount)::text as min_amount, trim_scale(a.max_amount)::text as max_amount, a.method_ids, a.terms, a.status, a.created_ms`;

export const normaliseAd = (r: AdRow): AdRow => ({ ...r, id: Number(r.id), user_id: Number(r.user_id), method_ids: (r.method_ids ?? []).map(Number), created_ms: Number(r.created_ms) });

/** The unit price of an ad now (a margin ad follows the reference rate). */
export async function priceOf(db: Queryable, ad: AdRow): Promise<string | undefined> {
  if (ad.price_kind === 'fixed') return adPrice('fixed', ad.fixed_price, null, '0');
  const reference = await referenceRate(db, ad.crypto, ad.fiat);
  return reference === undefined ? undefined : adPrice('margin', null, ad.margin, reference);
}

interface MerchantStats {
  name: string;
  completed: number;
  rate: string;
}

/**
 * Names, completed orders and completion rate (completed ÷ finished; 1 before any) of the
 * advertisers: one primary-key read per advertiser of the counters fiat_order's trigger keeps
 * (migration 074), never a count of their orders (every P2P visitor reads this list).
 */
async function merchantStats(db: Queryable, userIds: number[]): Promise<Map<number, MerchantStats>> {
  const rows = await db.query<{ id: number; name: string; completed: string; finished: string }>(
    `select u.id, coalesce(nullif(u.nickname, ''), split_part(u.account, '@', 1)) as name,
       coalesce(s.completed, 0)::text as completed, coalesce(s.finished, 0)::text as finished
     from app_user u left join fiat_user_stats s on s.user_id = u.id where u.id = any($1::bigint[])`,
    [userIds],
  );
  return new Map(rows.map((r) => [Number(r.id), { name: r.name, completed: Number(r.completed), rate: r.finished === '0' ? '1' : divDecimal(r.completed, r.finished, 4) }]));
}

async function methodNames(db: Queryable, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: number; bank_name: string }>(`select id, bank_name from collection_method where id = any($1::bigint[])`, [ids]);
  return new Map(rows.map((r) => [Number(r.id), r.bank_name]));
}

/**
 * Ads as the client sees them, each with its price now and its advertiser's record. An ad whose
 * price cannot be made now (a margin ad without a reference rate) is left out, unless its owner
 * is looking (`keepUnpriced`): then its price is empty.
 */
export async function toAds(db: Queryable, rows: AdRow[], keepUnpriced = false): Promise<FiatAd[]> {
  const stats = await merchantStats(db, [...new Set(rows.map((r) => r.user_id))]);
  const names = await methodNames(db, [...new Set(rows.flatMap((r) => r.method_ids))]);
  const ads: FiatAd[] = [];
  for (const r of rows) {
    const price = await priceOf(db, r);
    if (price === undefined && !keepUnpriced) continue;
    const s = stats.get(r.user_id);
    // What the ad can still fill caps its maximum: remaining × price.
    const room = price === undefined ? r.max_amount : toFixedDecimal(mulDecimal(r.remaining, price), FIAT_PLACES, 'down');
    ads.push({
      id: r.id,
      user_id: r.user_id,
      merchant: s?.name ?? '',
      completed: s?.completed ?? 0,
      completion_rate: s?.rate ?? '1',
      side: r.side,
      crypto: r.crypto,
      fiat: r.fiat as FiatAd['fiat'],
      price_kind: r.price_kind,
      fixed_price: r.fixed_price,
      margin: r.margin,
      price: price ?? '',
      total: r.total,
      remaining: r.remaining,
      min_amount: r.min_amount,
      max_amount: compareDecimal(room, r.max_amount) < 0 ? room : r.max_amount,
      methods: r.method_ids.filter((id) => names.has(id)).map((id) => ({ id, bank_name: names.get(id)! })),
      terms: r.terms,
      status: r.status,
      created_at: r.created_ms,
    });
  }
  return ads;
}

/**
 * The ads a visitor can take: wanting to buy lists sell ads, cheapest first; wanting to sell lists
 * buy ads, best bid first. Ads whose remaining cannot fill their minimum are left out.
 */
export async function listAds(db: Queryable, query: FiatAdsQuery, now: number, viewerId?: number): Promise<Page<FiatAd>> {
  const adSide: AdSide = query.side === 'buy' ? 'sell' : 'buy';
  const listed = (await db.query<AdRow>(`select ${AD_COLUMNS} from fiat_ad a where a.status = 'online' and a.side = $1 and a.crypto = $2 and a.fiat = $3`, [adSide, query.crypto, query.fiat])).map(normaliseAd);
  // A suspended advertiser's ads stay online (their funds stay frozen) but cannot be seen or taken; a frozen account's neither.
  const owners = [...new Set(listed.map((r) => r.user_id))];
  const suspended = await suspensions(db, owners, await legalTrade(db), now);
  const frozen = await frozenOwners(db, owners);
  const rows = listed.filter((r) => !suspended.has(r.user_id) && !frozen.has(r.user_id));
  const ads = (await toAds(db, rows)).filter((a) => compareDecimal(a.max_amount, a.min_amount) >= 0 && a.user_id !== viewerId);
  ads.sort((a, b) => (adSide === 'sell' ? compareDecimal(a.price, b.price) : compareDecimal(b.price, a.price)) || a.id - b.id);
  const size = query.size ?? 10;
  return { list: ads.slice((query.page - 1) * size, query.page * size), total: ads.length, page: query.page, size };
}

/** What an ad holds frozen in its owner's legal account: a sell ad's remaining, exactly while it is online. */
const FROZEN_SQL = `case when a.side = 'sell' and a.status = 'online' then a.remaining else 0 end`;

/**
 * The owner's ads that are not closed, newest first, a page at a time, each with what it holds
 * frozen, and the frozen total of all of them per crypto, so every ad and every frozen unit is
 * within reach however many there are. Ads without a price now are listed too.
 */
export async function myAds(db: Queryable, userId: number, query: FiatMyAdsQuery): Promise<FiatMyAdsPage> {
  const size = query.size ?? 10;
  const where = `a.user_id = $1 and a.status <> 'closed'`;
  const rows = (
    await db.query<AdRow & { frozen: string }>(`select ${AD_COLUMNS}, trim_scale(${FROZEN_SQL})::text as frozen from fiat_ad a where ${where} order by a.id desc limit $2 offset $3`, [
      userId,
      size,
      (query.page - 1) * size,
    ])
  ).map((r) => ({ ...normaliseAd(r), frozen: r.frozen }));
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n from fiat_ad a where ${where}`, [userId]);
  const frozen = await db.query<{ crypto: string; quantity: string }>(
    `select a.crypto, trim_scale(sum(${FROZEN_SQL}))::text as quantity from fiat_ad a where ${where} group by a.crypto having sum(${FROZEN_SQL}) > 0 order by a.crypto`,
    [userId],
  );
  const frozenOf = new Map(rows.map((r) => [r.id, r.frozen]));
  const list: FiatMyAd[] = (await toAds(db, rows, true)).map((ad) => ({ ...ad, frozen: frozenOf.get(ad.id) ?? '0' }));
  return { list, total: Number(count?.n ?? 0), page: query.page, size, frozen };
}

/** The form's rules (domain/fiat.ts `publishProblem`, which the client's adForm applies too): a refusal names the field. */
export function checkPublish(body: FiatPublishRequest): void {
  const field = publishProblem(body);
  // A sell ad without a method gets its own message (the buyer must know where to pay).
  if (field === 'method_ids') throw new Refusal('fiatMethodRequired');
  if (field) throw new Refusal('fiatAdInvalid', { field });
}

/**
 * Publishes an ad (verified users only). A sell ad freezes its total in the advertiser's legal
 * account in the same transaction; a buy ad freezes nothing (the taker's crypto is escrowed per order).
 */
export async function publishAd(tx: Queryable, userId: number, body: FiatPublishRequest, now: number): Promise<AdRow> {
  const [user] = await tx.query<{ name_status: number }>('select name_status from app_user where id = $1', [userId]);
  if (Number(user?.name_status) !== 3) throw new Refusal('fiatVerifiedOnly');
  checkPublish(body);
  // Under the user's lock, so publishes at once cannot all fit under the cap.
  await lockUser(tx, userId);
  // A sell ad freezes its crypto for anyone to take: not while the security lock runs (outflow.ts).
  if (adSendsCrypto(body)) await requireOutflowUnlocked(tx, userId, now);
  const rules = await legalTrade(tx);
  await refuseIfSuspended(tx, userId, rules, now);
  await refuseAboveOnlineCap(tx, userId, rules);
  const [currency] = await tx.query<{ legal_status: number }>('select legal_status from currency where symbol = $1', [body.crypto]);
  if (!currency || Number(currency.legal_status) !== 1) throw new Refusal('fiatCryptoUnavailable', { crypto: body.crypto });
  if ((await referenceRate(tx, body.crypto, body.fiat)) === undefined) throw new Refusal('fiatNoRate', { fiat: body.fiat });
  const methods = [...new Set(body.method_ids)];
  const owned = await tx.query<{ id: number }>('select id from collection_method where user_id = $1 and id = any($2::bigint[])', [userId, methods]);
  if (owned.length !== methods.length) throw new Refusal('fiatMethodUnknown');
  const [row] = await tx.query<AdRow>(
    `insert into fiat_ad (user_id, side, crypto, fiat, price_kind, fixed_price, margin, total, remaining, min_amount, max_amount, method_ids, terms, created_ms)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, $12, $13) returning id`,
    [userId, body.side, body.crypto, body.fiat, body.price_kind, body.price_kind === 'fixed' ? body.fixed_price : null, body.price_kind === 'margin' ? body.margin : null, body.total, body.min_amount, body.max_amount, methods, body.terms, now],
  );
  const adId = Number(row!.id);
  if (body.side === 'sell') await freezeForAd(tx, userId, body.crypto, body.total, adId);
  const [ad] = await tx.query<AdRow>(`select ${AD_COLUMNS} from fiat_ad a where a.id = $1`, [adId]);
  return normaliseAd(ad!);
}

async function freezeForAd(tx: Queryable, userId: number, crypto: string, quantity: string, adId: number) {
  const key = { userId, currency: crypto, account: FIAT_ACCOUNT } as const;
  const states = await lockBalances(tx, [key]);
  if (!canSpend(states.values().next().value, quantity)) throw new Refusal('fiatInsufficient', { crypto });
  await applyBalanceChanges(tx, states, [{ ...key, available: `-${quantity}`, frozen: quantity, kind: 'fiat_ad_freeze', refType: 'fiat_ad', refId: adId }]);
}

async function unfreezeForAd(tx: Queryable, userId: number, crypto: string, quantity: string, adId: number) {
  if (compareDecimal(quantity, '0') <= 0) return;
  const key = { userId, currency: crypto, account: FIAT_ACCOUNT } as const;
  const states = await lockBalances(tx, [key]);
  await applyBalanceChanges(tx, states, [{ ...key, available: quantity, frozen: `-${quantity}`, kind: 'fiat_ad_unfreeze', refType: 'fiat_ad', refId: adId }]);
}

/**
 * online ⇄ paused, and either → closed (final). A sell ad's remaining is frozen exactly while it is
 * online: pausing or closing returns it, resuming freezes it again (refused without the funds).
 */
export async function setAdStatus(tx: Queryable, userId: number, adId: number, status: AdStatus, now: number): Promise<AdRow> {
  const [raw] = await tx.query<AdRow>(`select ${AD_COLUMNS} from fiat_ad a where a.id = $1 for update`, [adId]);
  if (!raw) throw new Refusal('fiatAdUnknown');
  const ad = normaliseAd(raw);
  if (ad.user_id !== userId) throw new Refusal('fiatAdNotYours');
  if (ad.status === 'closed' || ad.status === status) throw new Refusal('fiatNotAllowed');
  if (status === 'online') {
    // Going online is publishing again: the same suspension and cap, under the user's lock.
    await lockUser(tx, userId);
    if (adSendsCrypto(ad)) await requireOutflowUnlocked(tx, userId, now);
    const rules = await legalTrade(tx);
    await refuseIfSuspended(tx, userId, rules, now);
    await refuseAboveOnlineCap(tx, userId, rules);
  }
  await tx.query(`update fiat_ad set status = $2 where id = $1 and status = $3`, [adId, status, ad.status]);
  if (ad.side === 'sell') {
    if (ad.status === 'online') await unfreezeForAd(tx, userId, ad.crypto, ad.remaining, adId);
    else if (status === 'online' && compareDecimal(ad.remaining, '0') > 0) await freezeForAd(tx, userId, ad.crypto, ad.remaining, adId);
  }
  return { ...ad, status };
}
