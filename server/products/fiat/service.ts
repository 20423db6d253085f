import {
  DAY_MS,
  FIAT_ACCOUNT,
  type AdStatus,
  type FiatAction,
  type FiatAd,
  type FiatAdsQuery,
  type FiatAppeal,
  type FiatChatMessage,
  type FiatMethod,
  type FiatMyAdsPage,
  type FiatMyAdsQuery,
  type FiatOrder,
  type FiatOrdersTab,
  type FiatProof,
  type FiatPublishRequest,
  type FiatRecord,
  type FiatStanding,
  type FiatTakeRequest,
  CHAT_IMAGE_LIMITS,
  isFinished,
} from '../../../domain/fiat.js';
import type { Page, RecordDays } from '../../../domain/wallet.js';
import type { Database, Queryable } from '../../kernel/platform/db/database.js';
import { cacheChanged, forgetCache } from '../../kernel/platform/caches.js';
import { PLATFORM_CONFIG_CACHE } from '../../kernel/platform/catalogue.js';
import { once, type SubmissionKey } from '../../kernel/platform/idempotency.js';
import { decodeImage, readStoredImage, storeImage, type ImageMime } from '../../kernel/platform/images.js';
import { outcomeOf, refuse, type Outcome } from '../../kernel/platform/outcome.js';
import type { UserFeed } from '../../kernel/platform/realtime/userFeed.js';
import type { OperatorActor } from '../../kernel/platform/auth/operators/access.js';
import { changedFields, writeOperatorAudit } from '../../kernel/platform/auth/operators/auditLog.js';
import { askOperatorCode, auditRefusal, type OperatorCodeProof } from '../../kernel/platform/auth/operators/operatorAction.js';
import { AD_COLUMNS, checkPublish, listAds, myAds, normaliseAd, publishAd, setAdStatus, toAds, type AdRow } from './ads.js';
import { provePublish, proveRelease, proveResume, proveTake } from './outflow.js';
import { dueOrders, graceOverdue, markSwept, normaliseOrder, ORDER_SELECT, readOrder, takeAd, toOrder, transition, type OrderRow } from './orders.js';
import { readLegalTrade, Refusal, setLegalTrade, type LegalTradePatch } from './rules.js';
import { claimChatImage } from './chatImages.js';
import { standingOf } from './standing.js';
import { afterTransition, deadlinesNear, orderTaken } from './notices.js';
import { NOTICE_PUSH } from '../../../domain/informHelp.js';
import type { LegalTradeSettings } from '../../../domain/fiatSettings.js';

export const TAKE_SCOPE = 'fiat.take';
export const RELEASE_SCOPE = 'fiat.release';
export const PUBLISH_SCOPE = 'fiat.publish';
export const CHAT_MAX = 500;
export const CHAT_IMAGE_MAX_BYTES = CHAT_IMAGE_LIMITS.maxBytes;

export interface FiatDeps {
  db: Database;
  feed: UserFeed;
  clock: () => number;
  dataDir: string;
}

interface MessageRow {
  id: number;
  order_id: number;
  sender: 'buyer' | 'seller' | 'operator';
  body: string;
  image: string | null;
  created_ms: number;
}

/**
 * What a signed-in caller sends with a call that may send their crypto to someone else (issue 49
 * §2; outflow.ts says which do), and the address it came from (wrong 2FA codes are counted per
 * address as at sign-in).
 */
export interface Caller {
  proof: FiatProof;
  client: string;
}

const toMessage = (r: MessageRow): FiatChatMessage => ({ id: Number(r.id), order_id: Number(r.order_id), sender: r.sender, text: r.body, image: r.image, created_at: Number(r.created_ms) });

/** The calls behind /api/fiat/* and the operator's appeals (docs/API.md "P2P fiat"). */
export function fiatService({ db, feed, clock, dataDir }: FiatDeps) {
  /** After a commit: both parties hear the order (as each sees it) and their legal balances. */
  function announce(order: OrderRow, balances: boolean) {
    const now = clock();
    for (const userId of [order.buyer_id, order.seller_id]) {
      feed.message?.(userId, { channel: 'user', kind: 'fiat', order: toOrder(order, userId, now) });
      if (balances) feed.balancesChanged(userId, [{ currency: order.crypto, account: FIAT_ACCOUNT }]);
    }
  }

  /** After a commit that wrote notifications: each user's bell reads its list at once. */
  function pushNotices(users: readonly number[]) {
    for (const userId of new Set(users)) feed.message?.(userId, NOTICE_PUSH);
  }

  async function partyOrder(userId: number, orderId: number): Promise<OrderRow> {
    const order = await readOrder(db, orderId);
    if (!order || (order.buyer_id !== userId && order.seller_id !== userId)) throw new Refusal('fiatOrderUnknown');
    return order;
  }

  async function step(
    actor: number | 'operator' | 'system',
    orderId: number,
    action: FiatAction,
    extra: { reason?: string; operatorId?: number; operator?: OperatorActor; proof?: OperatorCodeProof } = {},
    key?: { scope: string; key: SubmissionKey; userId: number },
  ) {
    const now = clock();
    let told: number[] = [];
    const run = async (tx: Queryable) => {
      const r = await transition(tx, { orderId, actor, action, reason: extra.reason, operatorId: extra.operatorId }, now);
      // In the same transaction: the seller hears of a payment, both parties of an appeal's ruling.
      if (r.changed) told = await afterTransition(tx, action, r.order, extra.reason);
      // An operator's ruling is written to the audit log last, in its own transaction (issue 51 §2).
      if (extra.operator && r.changed) await writeOperatorAudit(tx, { operator: extra.operator, kind: `p2p.${action === 'resolveRelease' ? 'appeal_release' : 'appeal_return'}`, object: { type: 'fiat_order', id: orderId }, before: { status: 'appeal' }, after: { status: r.order.status, ...extra.proof }, detail: extra.reason });
      return r;
    };
    const result = await outcomeOf(async () => {
      const r = key ? await once(db, key.userId, key.scope, key.key, async (tx) => toWire(await run(tx)), now) : toWire(await db.transaction(run));
      return r;
    });
    if (result.ok && result.data.changed) {
      const order = (await readOrder(db, orderId))!;
      announce(order, result.data.order.status === 'completed' || result.data.order.status === 'cancelled');
      pushNotices(told);
    }
    return result.ok ? { ok: true as const, data: toOrder((await readOrder(db, orderId))!, actor === 'system' ? 'operator' : actor, clock()) } : result;
  }
  const toWire = (r: { order: OrderRow; changed: boolean }) => ({ order: { status: r.order.status }, changed: r.changed });

  return {
    ads: (query: FiatAdsQuery, viewerId?: number): Promise<Page<FiatAd>> => listAds(db, query, clock(), viewerId),
    myAds: (userId: number, query: FiatMyAdsQuery): Promise<FiatMyAdsPage> => myAds(db, userId, query),
    standing: (userId: number): Promise<FiatStanding> => standingOf(db, userId, clock()),

    /** One online ad, for the take page. */
    async ad(adId: number): Promise<Outcome<FiatAd>> {
      const rows = (await db.query<AdRow>(`select ${AD_COLUMNS} from fiat_ad a where a.id = $1 and a.status = 'online'`, [adId])).map(normaliseAd);
      const [ad] = await toAds(db, rows);
      return ad ? { ok: true, data: ad } : { ok: false, key: 'fiatAdUnknown' };
    },

    async methods(userId: number): Promise<FiatMethod[]> {
      const rows = await db.query<FiatMethod>(`select id, real_name, bank_name, card_number, currency, branch from collection_method where user_id = $1 order by id`, [userId]);
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },

    async publish(userId: number, body: FiatPublishRequest, key: SubmissionKey, caller: Caller): Promise<Outcome<FiatAd>> {
      const result = await outcomeOf(async () => {
        // The form's own rules first: a code is used up by the proof, so a mistyped figure must not cost one.
        checkPublish(body);
        await provePublish(db, { userId, ...caller, now: clock() }, body.side);
        return once(db, userId, PUBLISH_SCOPE, key, async (tx) => (await toAds(tx, [await publishAd(tx, userId, body, clock())]))[0]!, clock());
      });
      if (result.ok && body.side === 'sell') feed.balancesChanged(userId, [{ currency: body.crypto, account: FIAT_ACCOUNT }]);
      return result;
    },

    async setAdStatus(userId: number, adId: number, status: AdStatus, caller: Caller): Promise<Outcome<FiatAd>> {
      const result = await outcomeOf(async () => {
        if (status === 'online') await proveResume(db, { userId, ...caller, now: clock() }, adId);
        return db.transaction(async (tx) => (await toAds(tx, [await setAdStatus(tx, userId, adId, status, clock())], true))[0]!);
      });
      if (result.ok && result.data.side === 'sell') feed.balancesChanged(userId, [{ currency: result.data.crypto, account: FIAT_ACCOUNT }]);
      return result;
    },

    async take(userId: number, body: FiatTakeRequest, key: SubmissionKey, caller: Caller): Promise<Outcome<FiatOrder>> {
      const now = clock();
      let told: number[] = [];
      const result = await outcomeOf(async () => {
        await proveTake(db, { userId, ...caller, now }, body.ad_id);
        return once(
          db,
          userId,
          TAKE_SCOPE,
          key,
          async (tx) => {
            const row = await takeAd(tx, userId, body, now);
            told = await orderTaken(tx, row);
            return toOrder(row, userId, now);
          },
          now,
        );
      });
      if (result.ok) {
        const order = (await readOrder(db, result.data.id))!;
        announce(order, true);
        pushNotices(told);
        return { ok: true, data: toOrder(order, userId, clock()) };
      }
      return result;
    },

    async order(userId: number, orderId: number): Promise<Outcome<FiatOrder>> {
      return outcomeOf(async () => toOrder(await partyOrder(userId, orderId), userId, clock()));
    },

    markPaid: (userId: number, orderId: number) => step(userId, orderId, 'markPaid'),
    cancel: (userId: number, orderId: number) => step(userId, orderId, 'cancel'),
    async release(userId: number, orderId: number, key: SubmissionKey, caller: Caller) {
      const proven = await outcomeOf(() => proveRelease(db, { userId, ...caller, now: clock() }, orderId));
      return proven.ok ? step(userId, orderId, 'release', {}, { scope: RELEASE_SCOPE, key, userId }) : proven;
    },
    /**
     * The merchant simulator's release (merchants.ts): the platform's own liquidity accounts, which
     * have no password and cannot sign in, playing their side. Never behind a route.
     */
    merchantRelease: (merchantId: number, orderId: number, key: SubmissionKey) => step(merchantId, orderId, 'release', {}, { scope: RELEASE_SCOPE, key, userId: merchantId }),
    appeal: (userId: number, orderId: number, reason: string) =>
      reason.trim().length === 0 || reason.length > CHAT_MAX ? Promise.resolve({ ok: false as const, key: 'fiatReasonRequired' as const }) : step(userId, orderId, 'appeal', { reason: reason.trim() }),
    /**
     * An operator's ruling on an appeal; a refused ruling is written to the audit log as refused.
     * The escrow goes to one party or the other, so it asks the operator's own 2FA code, checked on
     * the database before the ruling's transaction (a wrong one stays counted).
     */
    async resolve(operator: OperatorActor, orderId: number, decision: 'release' | 'return', reason: string, code: string | undefined, lang?: string) {
      const action = { operator, kind: `p2p.appeal_${decision}` as const, object: { type: 'fiat_order', id: orderId } };
      if (reason.trim().length === 0 || reason.length > CHAT_MAX) return auditRefusal(db, action, refuse('fiatReasonRequired'));
      // An approval queue's action: within the session's step-up window no new code is needed (stepUp.ts).
      const proven = await askOperatorCode(db, { ...action, code, now: clock(), lang, notEnabled: 'fiatResolveTwoFactorRequired', stepUp: 'allowed' });
      if (!proven.ok) return proven;
      const result = await step('operator', orderId, decision === 'release' ? 'resolveRelease' : 'resolveReturn', { reason: reason.trim(), operatorId: operator.id, operator, proof: proven.data });
      return auditRefusal(db, action, result);
    },
    /** The sweeper's step: one overdue unpaid order, cancelled by its deadline. */
    expire: (orderId: number) => step('system', orderId, 'expire'),

    async orders(userId: number, query: { tab: FiatOrdersTab; days: RecordDays; page: number; size?: number }): Promise<Page<FiatOrder>> {
      const size = query.size ?? 10;
      const where = {
        all: '(o.buyer_id = $1 or o.seller_id = $1)',
        buy: 'o.buyer_id = $1',
        sell: 'o.seller_id = $1',
        open: `(o.buyer_id = $1 or o.seller_id = $1) and o.status in ('unpaid', 'paid', 'appeal')`,
      }[query.tab];
      const params = [userId, clock() - query.days * DAY_MS];
      const rows = await db.query<OrderRow>(`${ORDER_SELECT} where ${where} and o.created_ms >= $2 order by o.id desc limit ${size} offset ${(query.page - 1) * size}`, params);
      const [count] = await db.query<{ n: number }>(`select count(*)::int as n from fiat_order o where ${where} and o.created_ms >= $2`, params);
      const now = clock();
      return { list: rows.map((r) => toOrder(normaliseOrder(r), userId, now)), total: Number(count?.n ?? 0), page: query.page, size };
    },

    /** /wallet/log-legal: the user's legal-account ledger entries from P2P (escrow, release, receipt, ads). */
    async records(userId: number, query: { days: RecordDays; page: number; size?: number }): Promise<Page<FiatRecord>> {
      const size = query.size ?? 10;
      const since = new Date(clock() - query.days * DAY_MS).toISOString();
      const params = [userId, since];
      const where = `l.user_id = $1 and l.account = 'legal' and l.kind like 'fiat_%' and l.created_at >= $2`;
      const rows = await db.query<{ id: number; kind: string; currency: string; quantity: string; order_no: string | null; at: string }>(
        `select l.id, l.kind, l.currency, trim_scale(l.available_change + l.frozen_change)::text as quantity,
           (select o.order_no from fiat_order o where l.ref_type = 'fiat_order' and o.id = l.ref_id) as order_no,
           (extract(epoch from l.created_at) * 1000)::bigint::text as at
         from ledger_entry l where ${where} order by l.id desc limit ${size} offset ${(query.page - 1) * size}`,
        params,
      );
      const [count] = await db.query<{ n: number }>(`select count(*)::int as n from ledger_entry l where ${where}`, params);
      return {
        list: rows.map((r) => ({ id: Number(r.id), kind: r.kind, currency: r.currency, quantity: r.kind === 'fiat_release' ? `-${r.quantity.replace('-', '')}` : r.quantity, order_no: r.order_no ?? '', created_at: Number(r.at) })),
        total: Number(count?.n ?? 0),
        page: query.page,
        size,
      };
    },

    async chat(viewer: number | 'operator', orderId: number): Promise<Outcome<FiatChatMessage[]>> {
      return outcomeOf(async () => {
        if (viewer !== 'operator') await partyOrder(viewer, orderId);
        const rows = await db.query<MessageRow>(`select id, order_id, sender, body, image, created_ms from fiat_message where order_id = $1 order by id`, [orderId]);
        return rows.map(toMessage);
      });
    },

    /**
     * A chat message (text, or a payment-proof image as a data URL), pushed to both parties. An
     * image is checked against its quota (per order, per hour) before it is written to disk, and
     * removed again if its message is not committed.
     */
    async say(userId: number, orderId: number, input: { text?: string; image?: string }): Promise<Outcome<FiatChatMessage>> {
      return outcomeOf(async () => {
        const order = await partyOrder(userId, orderId);
        // A finished order's chat is for reading (the parties' pages offer no box): nothing is left to prove.
        if (isFinished(order.status)) throw new Refusal('fiatChatClosed');
        const text = (input.text ?? '').trim();
        const decoded = input.image === undefined ? undefined : decodeImage(input.image, CHAT_IMAGE_MAX_BYTES);
        if (decoded && !decoded.ok) throw new Refusal(decoded.reason === 'imageTooLarge' ? 'fiatImageTooLarge' : 'fiatImageInvalid');
        if (!decoded && text.length === 0) throw new Refusal('fiatTextInvalid');
        if (text.length > CHAT_MAX) throw new Refusal('fiatTextTooLong', { max: String(CHAT_MAX) });
        const sender = order.buyer_id === userId ? 'buyer' : 'seller';
        const now = clock();
        const message = await db.transaction(async (tx) => {
          let stored: string | null = null;
          if (decoded?.ok) {
            await claimChatImage(tx, userId, orderId, now);
            stored = await storeImage(tx, 'fiat', decoded);
          }
          const [row] = await tx.query<MessageRow>(
            `insert into fiat_message (order_id, sender_id, sender, body, image, created_ms) values ($1, $2, $3, $4, $5, $6) returning id, order_id, sender, body, image, created_ms`,
            [orderId, userId, sender, text, stored, now],
          );
          return toMessage(row!);
        });
        for (const party of [order.buyer_id, order.seller_id]) feed.message?.(party, { channel: 'user', kind: 'fiat', chat: message });
        return message;
      });
    },

    /** A message's image by order and message id: only the order's parties or an operator. */
    async chatImage(viewer: number | 'operator', orderId: number, messageId: number): Promise<{ bytes: Buffer; mime: ImageMime } | undefined> {
      const [row] = await db.query<{ buyer_id: number; seller_id: number; image: string }>(
        `select o.buyer_id, o.seller_id, m.image from fiat_message m join fiat_order o on o.id = m.order_id where m.order_id = $1 and m.id = $2 and m.image is not null`,
        [orderId, messageId],
      );
      if (!row || (viewer !== 'operator' && Number(row.buyer_id) !== viewer && Number(row.seller_id) !== viewer)) return undefined;
      return readStoredImage(db, dataDir, 'fiat', row.image);
    },

    /** The operator changes legal_trade (minutes may be fractional: e2e runs a pay deadline of seconds). */
    /** The P2P trade settings, changed with their audit row (the fields changed, before and after) in one transaction. */
    async setLegalTrade(operator: OperatorActor, patch: LegalTradePatch): Promise<LegalTradeSettings> {
      const settings = await db.transaction(async (tx) => {
        await tx.query(`select 1 from platform_config where key = 'legal_trade' for update`);
        const before = await readLegalTrade(tx);
        const saved = await setLegalTrade(tx, patch);
        // Every process's plat_config answer reads it again after the commit (kernel/platform/caches.ts).
        await cacheChanged(tx, PLATFORM_CONFIG_CACHE);
        await writeOperatorAudit(tx, { operator, kind: 'p2p.trade_settings', object: { type: 'platform_config', id: 'legal_trade' }, ...changedFields(before, await readLegalTrade(tx)) });
        return saved;
      });
      forgetCache(db, PLATFORM_CONFIG_CACHE);
      return settings;
    },

    /** legal_trade as it applies now (stored values over the defaults), for the operator's settings screen. */
    async legalTrade(): Promise<LegalTradeSettings> {
      return readLegalTrade(db);
    },

    /** The operator's queue: orders in appeal, oldest first, with what it takes to decide. */
    async appeals(): Promise<FiatAppeal[]> {
      const rows = (await db.query<OrderRow>(`${ORDER_SELECT} where o.status = 'appeal' order by o.appeal_ms, o.id limit 100`)).map(normaliseOrder);
      const now = clock();
      const out: FiatAppeal[] = [];
      for (const r of rows) {
        const methods = async (userId: number) =>
          (await db.query<FiatMethod>(`select id, real_name, bank_name, card_number, currency, branch from collection_method where user_id = $1 order by id`, [userId])).map((m) => ({ ...m, id: Number(m.id) }));
        const chat = (await db.query<MessageRow>(`select id, order_id, sender, body, image, created_ms from fiat_message where order_id = $1 order by id`, [r.id])).map(toMessage);
        const timeline = (await db.query<{ event: string; at_ms: string }>(`select event, at_ms from fiat_event where order_id = $1 order by id`, [r.id])).map((e) => ({ event: e.event, at: Number(e.at_ms) }));
        out.push({ order: toOrder(r, 'operator', now), buyer_methods: await methods(r.buyer_id), seller_methods: await methods(r.seller_id), chat, timeline });
      }
      return out;
    },

    /** Start: deadlines that passed while the server was down get their grace period (not after a takeover of seconds). */
    async graceAfterRestart(): Promise<number[]> {
      const ids = await db.transaction((tx) => graceOverdue(tx, clock()));
      for (const id of ids) announce((await readOrder(db, id))!, false);
      return ids;
    },

    /** One sweep: every unpaid order past its deadline is cancelled, each once. */
    async sweep(): Promise<number> {
      // Deadlines near are told once to both parties (issue 37, P2P notifications).
      pushNotices(await db.transaction((tx) => deadlinesNear(tx, clock())));
      let expired = 0;
      for (const id of await dueOrders(db, clock())) {
        const r = await this.expire(id);
        if (r.ok) expired++;
      }
      await markSwept(db, clock());
      return expired;
    },
  };
}

export type FiatService = ReturnType<typeof fiatService>;
