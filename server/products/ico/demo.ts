import { addDecimal, compareDecimal, mulDecimal, toFixedDecimal } from '../../../src/domain/decimal.js';
import { ICO_ACCOUNT, ICO_CURRENCY, icoCost } from '../../../src/domain/ico.js';
import type { Database } from '../../kernel/db/database.js';
import { changeBalance } from '../../kernel/ledger/ledger.js';
import { silentUserFeed } from '../../kernel/realtime/userFeed.js';
import { readProjects } from './projects.js';
import { icoService } from './subscriptions.js';

/** How many demo subscribers there are, and the share of each project's maximum each one asks for, in turn. */
const DEMO_SUBSCRIBERS = 24;
const SHARES = ['1', '0.5', '0.25', '0.75', '0.1', '0.6', '0.35', '0.05'];
/** Per project: how many of the demo subscribers join (ORBT's all, at its maximum: oversubscribed, so its settlement is pro rata). */
const JOINERS: Record<string, { count: number; full?: boolean }> = { NOVA: { count: 14 }, LUMN: { count: 20 }, ORBT: { count: DEMO_SUBSCRIBERS, full: true } };
const DAY = 86_400_000;

export const demoSubscriberAccount = (n: number) => `ico-demo-${n}@openex.local`;

/**
 * On a fresh start, the demo projects get real participants, so /subscribe shows live progress and
 * the settled project has holders: demo subscriber accounts (they cannot sign in: no password) are
 * credited USDT in their `ico` account from outside (`deposit`, ref `ico_demo_funds`) and subscribe
 * through the same use case as anyone (min/max, the cost frozen, idempotency keys), each at a moment
 * inside the project's recruit period — for ORBT, which ended five days ago, a day after it opened —
 * so the settlement, run by the scheduler's first pass, allocates and refunds them like any subscriber.
 * Runs only while no demo subscriber exists, so a restart adds nobody.
 */
export async function seedDemoParticipants(db: Database, now: number): Promise<void> {
  const [seeded] = await db.query(`select 1 from app_user where account = $1`, [demoSubscriberAccount(1)]);
  if (seeded) return;
  const projects = (await readProjects(db)).filter((p) => JOINERS[p.symbol] && p.settled_ms === null);
  if (projects.length === 0) return;
  const users: number[] = [];
  for (let n = 1; n <= DEMO_SUBSCRIBERS; n++) {
    const [row] = await db.query<{ id: number }>(
      `insert into app_user (account, nickname) values ($1, $2) on conflict (account) do nothing returning id`,
      [demoSubscriberAccount(n), `ICO demo ${n}`],
    );
    if (!row) return;
    const id = Number(row.id);
    users.push(id);
    // Enough for every project's maximum at its price.
    const funds = projects.reduce((sum, p) => addDecimal(sum, icoCost(p.max_quantity, p.price)), '0');
    await db.transaction((tx) =>
      changeBalance(tx, { userId: id, currency: ICO_CURRENCY, account: ICO_ACCOUNT, available: funds, frozen: '0', kind: 'deposit', refType: 'ico_demo_funds', refId: null }),
    );
  }
  for (const p of projects) {
    const joiners = JOINERS[p.symbol]!;
    // A moment inside the recruit period: now while it runs, else a day after it opened.
    const at = p.start_ms <= now && now < p.end_ms ? now : Math.min(p.start_ms + DAY, p.end_ms - 1);
    const service = icoService({ db, feed: silentUserFeed, clock: () => at });
    for (let i = 0; i < joiners.count; i++) {
      const share = joiners.full ? '1' : SHARES[i % SHARES.length]!;
      const wanted = toFixedDecimal(mulDecimal(p.max_quantity, share), p.token_places, 'down');
      const quantity = compareDecimal(wanted, p.min_quantity) < 0 ? p.min_quantity : wanted;
      const result = await service.subscribe(users[i]!, { project_id: p.id, quantity }, { key: `ico-demo-${p.symbol}-${i}`, windowMs: undefined });
      if (!result.ok) throw new Error(`demo subscription ${p.symbol} #${i}: ${result.key}`);
    }
  }
}
