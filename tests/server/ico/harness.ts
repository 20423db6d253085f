import { ICO_PATHS, type IcoProject, type IcoProjectInput, type IcoSubscription } from '../../../domain/ico.js';
import { readBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { icoProjectAccountId } from '../../../server/products/ico/ledger.js';
import { createIco } from '../../../server/products/ico/product.js';
import { silentUserFeed, type UserFeed } from '../../../server/kernel/platform/realtime/userFeed.js';
import type { PairOpenings } from '../../../server/kernel/platform/catalogue.js';
import { expectOk, type Answer } from '../http.js';
import { adminCode } from '../support/operators.js';
import { productTestbed, withHelpers } from '../support/productTestbed.js';
import type { TestUser } from '../support/users.js';

export const HOUR = 3_600_000;
export const DAY = 86_400_000;

let tokens = 0;

/**
 * One database and the ICO product over it with a clock the test moves. The scheduler never runs
 * by itself: `settle()` is one run.
 */
export function useIco(options: { pairs?: PairOpenings; feed?: UserFeed } = {}) {
  const t = productTestbed({
    // A whole day, so "released today" boundaries are predictable.
    startAt: Math.floor(Date.now() / DAY) * DAY + 2 * HOUR,
    products: ({ db, now }) => createIco({ db, feed: options.feed ?? silentUserFeed, clock: now, pairs: options.pairs }),
    parts: (ico) => ({ routes: [ico.parts.routes!], prepare: ico.parts.prepare }),
    operator: 'ico-desk@openex.test',
    users: { tag: 'ico', account: 'ico' },
  });
  const newUser = t.user;

  const h = withHelpers(t, {
    get service() {
      return t.products.service;
    },
    /** A fresh token symbol per project. */
    symbol: () => `T${process.pid % 1000}X${++tokens}`.slice(0, 10),

    /** The operator's save; one that lists the project carries a fresh 2FA code of the operator's (the route asks it then). */
    async save(body: IcoProjectInput, headers: Record<string, string> = {}): Promise<Answer<IcoProject>> {
      const coded = body.listed === true ? { totp_code: await adminCode(t.operator) } : {};
      return t.post<IcoProject>(t.operator, ICO_PATHS.operatorSave, { ...body, ...coded }, headers);
    },

    /** The body of a project in progress from now − 1 h for `hours` hours, with overrides. */
    projectInput: (overrides: IcoProjectInput = {}, hours = 48): IcoProjectInput => ({
      symbol: h.symbol(),
      name: 'Test token',
      description: { en_US: 'A test project' },
      total: '1000',
      price: '0.5',
      token_places: 2,
      start_at: t.now() - HOUR,
      end_at: t.now() + hours * HOUR,
      min_quantity: '1',
      max_quantity: '100000',
      release_rate: '0.25',
      release_period_ms: DAY,
      ...overrides,
    }),

    /** That project, saved through the operator route. */
    async project(overrides: IcoProjectInput = {}, hours = 48): Promise<IcoProject> {
      return expectOk(await h.save(h.projectInput(overrides, hours)));
    },

    user: (funds = '1000'): Promise<TestUser> => newUser(funds === '0' ? {} : { funded: { USDT: funds } }),

    subscribe(user: { headers: Record<string, string> }, projectId: number, quantity: string, headers: Record<string, string> = {}): Promise<Answer<IcoSubscription>> {
      return t.post<IcoSubscription>(user, ICO_PATHS.subscribe, { project_id: projectId, quantity }, headers);
    },
    thaw(user: { headers: Record<string, string> }, projectId: number, headers: Record<string, string> = {}): Promise<Answer<IcoSubscription>> {
      return t.post<IcoSubscription>(user, ICO_PATHS.thaw, { project_id: projectId }, headers);
    },
    async mine(user: { headers: Record<string, string> }, projectId: number): Promise<IcoSubscription | undefined> {
      return expectOk(await t.post<IcoSubscription[]>(user, ICO_PATHS.mine, {})).find((s) => s.project_id === projectId);
    },
    async projectById(id: number): Promise<IcoProject> {
      return expectOk(await t.post<IcoProject[]>(undefined, ICO_PATHS.projects, {})).find((p) => p.id === id)!;
    },

    usdt: (user: { id: number }) => readBalance(t.db, user.id, 'USDT', 'ico'),
    token: (user: { id: number }, symbol: string) => readBalance(t.db, user.id, symbol, 'ico'),
    async projectAccount(symbol: string) {
      const id = await icoProjectAccountId(t.db, symbol);
      return { usdt: await readBalance(t.db, id, 'USDT', 'ico'), token: await readBalance(t.db, id, symbol, 'ico') };
    },
    settle: () => t.products.settle(),
    /** Everything that counts for "refusals change nothing". */
    async snapshot() {
      const [row] = await t.db.query<{ s: string }>(
        `select (select count(*) from ledger_entry)::text || '/' || (select count(*) from ico_record)::text || '/' ||
           (select coalesce(sum(quantity), 0) from ico_subscription)::text || '/' || (select coalesce(sum(thawed), 0) from ico_subscription)::text || '/' ||
           (select coalesce(sum(subscribed), 0) from ico_project)::text || '/' || (select count(*) from ico_project)::text as s`,
      );
      return row!.s;
    },
  });
  return h;
}
