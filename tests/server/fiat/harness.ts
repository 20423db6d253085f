import { beforeAll } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIAT_PATHS, type FiatAd, type FiatOrder, type FiatPublishRequest } from '../../../domain/fiat.js';
import { hashPassword } from '../../../server/kernel/platform/auth/passwords.js';
import { readBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import type { UserStreamMessage } from '../../../domain/spotOrders.js';
import { createFiat } from '../../../server/products/fiat/product.js';
import { expectOk, type Answer } from '../http.js';
import { OPERATOR_SECRET } from '../support/operators.js';
import { productTestbed, withHelpers } from '../support/productTestbed.js';
import type { TestUser } from '../support/users.js';

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
/** Every test user's funds password: a release, a sale and a sell ad ask for it (issue 49 §2; moneyOut.test.ts tries them without). */
export const FUNDS_PASSWORD = 'Fiat-funds-49';
/** What the helpers send with the calls that ask for it, unless the body says otherwise. */
const PROOF = { funds_password: FUNDS_PASSWORD };
const PROVEN_PATHS: readonly string[] = [FIAT_PATHS.release, FIAT_PATHS.adStatus];

let users = 0;

export type { TestUser };

/**
 * One database and the fiat product over it with a clock the test moves. The sweeper never runs
 * by itself: `sweep()` is one pass; `restart()` makes a new product instance over the same
 * database and runs its start step (the grace for deadlines passed while "down").
 */
export function useFiat() {
  const pushes: Array<{ userId: number; message: UserStreamMessage }> = [];
  const feed = { balancesChanged: () => undefined, ordersCommitted: () => undefined, message: (userId: number, message: object) => void pushes.push({ userId, message: message as UserStreamMessage }) };
  const dataDir = mkdtempSync(join(tmpdir(), 'fiat-test-'));
  let product: ReturnType<typeof createFiat>;
  const t = productTestbed({
    products: ({ db, now }) => (product = createFiat({ db, feed, dataDir, clock: now })),
    operator: 'fiat-desk@openex.test',
    // It rules on appeals, which asks its own code.
    operatorTwoFactor: true,
    users: { tag: 'fiat', account: 'legal' },
  });
  const newUser = t.user;
  let fundsHash = '';
  beforeAll(async () => {
    fundsHash = await hashPassword(FUNDS_PASSWORD);
  });

  const h = withHelpers(t, {
    get service() {
      return product.service;
    },
    pushes,
    /** The data directory (payment proofs from before the stored_image table are read from its uploads/fiat). */
    dataDir,
    sweep: () => product.service.sweep(),
    /** The desk operator's next 2FA code (`totp_code` of an appeal's ruling), a step on at the file's clock. */
    deskCode: () => t.operatorCode({ secret: OPERATOR_SECRET }),
    /** A new instance of the product over the same database, as after a restart at the current clock. */
    async restart() {
      product = createFiat({ db: t.db, feed, dataDir, clock: t.now });
      return product.service.graceAfterRestart();
    },

    /** A user, verified unless told otherwise, with `funds` of each crypto in the legal account, a collection method and the funds password FUNDS_PASSWORD. */
    async user(options: { verified?: boolean; funds?: Record<string, string> } = {}): Promise<TestUser & { method: number }> {
      const nickname = `Trader ${++users}`;
      const user = await newUser({ nickname, verified: options.verified !== false, funded: options.funds, fundsPasswordHash: fundsHash });
      const [m] = await t.db.query<{ id: number }>(`insert into collection_method (user_id, real_name, card_number, bank_name, currency) values ($1, $2, '6222 0000 1111 2222', 'Test Bank', 'USD') returning id`, [user.id, nickname]);
      return { ...user, method: Number(m!.id) };
    },

    publish(user: TestUser, body: Partial<FiatPublishRequest> & { method_ids: number[] }, headers: Record<string, string> = {}): Promise<Answer<FiatAd>> {
      return t.post<FiatAd>(user, FIAT_PATHS.publish, { side: 'sell', crypto: 'USDT', fiat: 'USD', price_kind: 'fixed', fixed_price: '1.01', total: '1000', min_amount: '10', max_amount: '5000', terms: '', ...PROOF, ...body }, headers);
    },
    /** A fixed-price USDT/USD sell ad of `total` by a fresh seller (price 1.01 USD). */
    async sellAd(total = '1000', extra: Partial<FiatPublishRequest> = {}) {
      const seller = await h.user({ funds: { USDT: '10000', BTC: '1' } });
      const ad = expectOk(await h.publish(seller, { total, method_ids: [seller.method], ...extra }));
      return { seller, ad };
    },
    /** A fresh buyer's order for `amount` (fiat) on a fresh seller's ad of `total` USDT. */
    async ordered(total: string, amount: string) {
      const { seller, ad } = await h.sellAd(total);
      const buyer = await h.user();
      const order = expectOk(await h.take(buyer, { ad_id: ad.id, by: 'amount', value: amount }));
      return { seller, ad, buyer, order };
    },
    take(user: TestUser, body: { ad_id: number; by: 'amount' | 'quantity'; value: string; method_id?: number; funds_password?: string }, headers: Record<string, string> = {}): Promise<Answer<FiatOrder>> {
      return t.post<FiatOrder>(user, FIAT_PATHS.take, { ...PROOF, ...body }, headers);
    },
    act(user: TestUser | Record<string, string>, path: string, body: object, headers: Record<string, string> = {}): Promise<Answer<FiatOrder>> {
      return t.post<FiatOrder>(user, path, PROVEN_PATHS.includes(path) ? { ...PROOF, ...body } : body, headers);
    },
    legal: (user: { id: number }, currency = 'USDT') => readBalance(t.db, user.id, currency, 'legal'),
    async status(orderId: number): Promise<string> {
      const [row] = await t.db.query<{ status: string }>('select status from fiat_order where id = $1', [orderId]);
      return row!.status;
    },
    /** What is left to take of an ad. */
    async adRemaining(adId: number): Promise<string> {
      const [row] = await t.db.query<{ r: string }>(`select trim_scale(remaining)::text as r from fiat_ad where id = $1`, [adId]);
      return row!.r;
    },
    /** How many of the order's steps are `events` (fiat_event). */
    async steps(orderId: number, events: string[]): Promise<number> {
      const [row] = await t.db.query<{ n: number }>(`select count(*)::int as n from fiat_event where order_id = $1 and event = any($2::text[])`, [orderId, events]);
      return row!.n;
    },
    /** How many times the order's crypto reached the buyer (ledger entries of kind fiat_receive). */
    async receipts(orderId: number): Promise<number> {
      const [row] = await t.db.query<{ n: number }>(`select count(*)::int as n from ledger_entry where ref_type = 'fiat_order' and ref_id = $1 and kind = 'fiat_receive'`, [orderId]);
      return row!.n;
    },
    /** Everything that counts for "refusals change nothing". */
    async snapshot() {
      const [row] = await t.db.query<{ s: string }>(
        `select (select count(*) from ledger_entry)::text || '/' || (select count(*) from fiat_order)::text || '/' || (select count(*) from fiat_ad)::text || '/' ||
           (select coalesce(sum(remaining), 0) from fiat_ad)::text || '/' || (select count(*) from fiat_event)::text || '/' ||
           (select string_agg(status, ',' order by id) from fiat_order) as s`,
      );
      return row!.s;
    },
  });
  return h;
}
