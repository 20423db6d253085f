import { DAY_MS, type FiatStanding } from '../../../domain/fiat.js';
import { frozenReason } from '../../kernel/platform/accountFreeze/index.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { legalTrade, Refusal, type LegalTrade } from './rules.js';

/** Orders that went unpaid: cancelled by their buyer or by the pay deadline (an operator's return is no one's fault). */
const UNPAID = `status = 'cancelled' and cancel_reason in ('buyer', 'expired')`;

/**
 * When each of `userIds` is suspended from P2P until (only those suspended now). An unpaid order
 * counts against its buyer, the side that had to pay, whether they took the ad or own it (a buy
 * ad's owner pays). Each unpaid order that is the max_unpaid-th within 24 h starts a suspension
 * of suspend_time; the latest that has not ended counts. Computed from the orders, so a change
 * of legal_trade applies at once and nothing else has to be kept in step.
 */
export async function suspensions(q: Queryable, userIds: number[], rules: LegalTrade, now: number): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await q.query<{ user_id: string; until_ms: string }>(
    `select buyer_id as user_id, max(finished_ms) + $4::bigint as until_ms from (
       select buyer_id, finished_ms, lag(finished_ms, $3::int - 1) over (partition by buyer_id order by finished_ms, id) as first_ms
       from fiat_order where buyer_id = any($1::bigint[]) and ${UNPAID} and finished_ms > $2
     ) w
     where first_ms is not null and finished_ms - first_ms < ${DAY_MS}
     group by buyer_id having max(finished_ms) + $4::bigint > $5`,
    [userIds, now - DAY_MS - rules.suspendMs, rules.maxUnpaid, rules.suspendMs, now],
  );
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.until_ms)]));
}

const utcMinute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** Refuses a suspended user (the caller acting in P2P), saying until when. */
export async function refuseIfSuspended(q: Queryable, userId: number, rules: LegalTrade, now: number): Promise<void> {
  const until = (await suspensions(q, [userId], rules, now)).get(userId);
  if (until !== undefined) throw new Refusal('fiatSuspended', { until: utcMinute(until), count: String(rules.maxUnpaid) });
}

/**
 * Refuses an ad whose owner is suspended or whose account an operator froze (their ads are also
 * left out of the list): a frozen owner can neither sign in to release nor pay, and their funds
 * must not move into an order's escrow.
 */
export async function refuseIfOwnerSuspended(q: Queryable, ownerId: number, rules: LegalTrade, now: number): Promise<void> {
  if ((await suspensions(q, [ownerId], rules, now)).has(ownerId)) throw new Refusal('fiatAdUnknown');
  if ((await frozenReason(q, ownerId)) !== undefined) throw new Refusal('fiatAdUnknown');
}

/** Of `userIds`, those whose account is frozen (kernel/platform/accountFreeze): their ads are neither listed nor taken. */
export async function frozenOwners(q: Queryable, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await q.query<{ id: string }>(`select id from app_user where id = any($1::bigint[]) and frozen_at is not null`, [userIds]);
  return new Set(rows.map((r) => Number(r.id)));
}

export async function onlineAdCount(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(`select count(*)::int as n from fiat_ad where user_id = $1 and status = 'online'`, [userId]);
  return Number(row?.n ?? 0);
}

/** Refuses one more online ad above legal_trade.max_online_ads (the caller holds the user's lock). */
export async function refuseAboveOnlineCap(q: Queryable, userId: number, rules: LegalTrade): Promise<void> {
  if ((await onlineAdCount(q, userId)) >= rules.maxOnlineAds) throw new Refusal('fiatTooManyAds', { max: String(rules.maxOnlineAds) });
}

/** The user's standing, for their P2P pages. */
export async function standingOf(q: Queryable, userId: number, now: number): Promise<FiatStanding> {
  const rules = await legalTrade(q);
  const until = (await suspensions(q, [userId], rules, now)).get(userId) ?? null;
  const [unpaid] = await q.query<{ n: number }>(`select count(*)::int as n from fiat_order where buyer_id = $1 and ${UNPAID} and finished_ms > $2`, [userId, now - DAY_MS]);
  return {
    suspended_until: until,
    unpaid_24h: Number(unpaid?.n ?? 0),
    max_unpaid: rules.maxUnpaid,
    online_ads: await onlineAdCount(q, userId),
    max_online_ads: rules.maxOnlineAds,
    server_now: now,
  };
}
