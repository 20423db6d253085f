import { addDecimal, compareDecimal, mulDecimal, toFixedDecimal } from '../../../domain/decimal.js';
import { ICO_ACCOUNT, ICO_CURRENCY, icoCost, type IcoProjectInput } from '../../../domain/ico.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { changeBalance } from '../../kernel/platform/ledger/ledger.js';
import { silentUserFeed } from '../../kernel/platform/realtime/userFeed.js';
import { DEMO_TEXTS } from './demoTexts.js';
import { readProjects, saveProject } from './projects.js';
import { icoService } from './subscriptions.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * On a fresh start (no project at all) three demo projects, so /subscribe is alive: one in
 * progress, one ending soon, and one that ended five days ago and is now in its holding period
 * (the scheduler settles it on its first run). Their descriptions are in every language
 * (demoTexts.ts); on a database seeded before that, the missing languages are added (see addDemoTexts).
 */
export async function seedDemoProjects(db: Database, now: number): Promise<void> {
  const [any] = await db.query(`select 1 from ico_project limit 1`);
  if (any) return addDemoTexts(db);
  const hour = Math.floor(now / HOUR) * HOUR;
  const demos: IcoProjectInput[] = [
    {
      symbol: 'NOVA', name: 'Nova Network', total: '5000000', price: '0.05', token_places: 2, start_at: hour - 3 * DAY, end_at: hour + 10 * DAY,
      min_quantity: '100', max_quantity: '200000', release_rate: '0.1', release_period_ms: DAY, listed: true, description: DEMO_TEXTS.NOVA,
    },
    {
      symbol: 'LUMN', name: 'Lumen Data', total: '2000000', price: '0.12', token_places: 2, start_at: hour - 6 * DAY, end_at: hour + 6 * HOUR,
      min_quantity: '50', max_quantity: '100000', release_rate: '0.2', release_period_ms: DAY, listed: false, description: DEMO_TEXTS.LUMN,
    },
    {
      symbol: 'ORBT', name: 'Orbit Games', total: '1000000', price: '0.3', token_places: 0, start_at: hour - 20 * DAY, end_at: hour - 5 * DAY,
      min_quantity: '10', max_quantity: '50000', release_rate: '0.1', release_period_ms: DAY, listed: true, description: DEMO_TEXTS.ORBT,
    },
  ];
  for (const demo of demos) {
    const saved = await saveProject(db, demo, now);
    if (!saved.ok && saved.key !== 'icoSymbolTaken') throw new Error(`demo project ${demo.symbol}: ${saved.key} ${JSON.stringify(saved.vars)}`);
  }
}

/**
 * A demo project still showing the demo's English text gets the demo's languages it lacks; a text
 * the operator wrote (in any language, English included) is never replaced.
 */
async function addDemoTexts(db: Database): Promise<void> {
  for (const [symbol, texts] of Object.entries(DEMO_TEXTS)) {
    // Only a row that still lacks one of the demo's languages is written (not every row on every start).
    await db.query(`update ico_project set description = $2::jsonb || description where symbol = $1 and description ->> 'en_US' = $3 and not description ?& $4::text[]`, [
      symbol,
      JSON.stringify(texts),
      texts.en_US,
      Object.keys(texts),
    ]);
  }
}

/** How many demo subscribers there are, and the share of each project's maximum each one asks for, in turn. */
const DEMO_SUBSCRIBERS = 24;
const SHARES = ['1', '0.5', '0.25', '0.75', '0.1', '0.6', '0.35', '0.05'];
/** Per project: how many of the demo subscribers join (ORBT's all, at its maximum: oversubscribed, so its settlement is pro rata). */
const JOINERS: Record<string, { count: number; full?: boolean }> = { NOVA: { count: 14 }, LUMN: { count: 20 }, ORBT: { count: DEMO_SUBSCRIBERS, full: true } };

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
