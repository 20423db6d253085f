import { describe, expect, it } from 'vitest';
import { ICO_PATHS, type IcoProject, type IcoSubscription } from '../../domain/ico.js';
import { SECONDS_PATHS } from '../../domain/seconds.js';
import { WALLET_PATHS, type TransferRecord, type WithdrawalRecord } from '../../domain/wallet.js';
import { FIAT_PATHS, type FiatOrder } from '../../domain/fiat.js';
import { call, changeFundsPassword, mustCall, newKey } from './client.js';
import { useScratchServer } from './serverProcess.js';
import { deskOperator, operatorSession } from './operatorCodes.js';
import { correctWhileTrading } from './corrections.js';
import { fundedTraders, referencePrices, shortIcoProject, verifyTraders } from './traders.js';
import { allPages, futuresOrders, icoAcknowledged, missingAcknowledged, p2pOrders, secondsContracts } from './readBack.js';
import type { Trader } from './submissions.js';
import { waitUntil } from './waitUntil.js';
import { Workload } from './workload.js';

const TRADERS = 8;
/** Traders whose identity is verified (futures need it); the others are refused futures and keep the unverified limits. */
const VERIFIED = 6;
const WORKERS = 8;
/** SYSTEM_TEST_STEPS scales the run up (a longer soak) or down (a quick look). */
const STEPS_PER_WORKER = Number(process.env.SYSTEM_TEST_STEPS ?? 250);
/** Futures funding every this many ms (FUNDING_INTERVAL; 8 h in production). */
const FUNDING_INTERVAL_MS = 5000;
/** A P2P buyer's time to pay, in minutes (legal_trade.pay_time; 15 by default). */
const P2P_PAY_MINUTES = 0.25;
/** Balance corrections proposed and approved (four eyes) while the mix runs, one every CORRECTION_PAUSE_MS. */
const CORRECTIONS = 12;
const CORRECTION_PAUSE_MS = 500;
/** Each product's acknowledged operations at the default size at least, so the mix cannot silently stop covering one. */
const MINIMUM = { futures: 40, seconds: 40, fiat: 20, ico: 15, withdrawal: 20 } as const;
/** And the steps of their life cycles. */
const MINIMUM_STEPS = { 'spot.stop': 10, 'locked.refused': 3, 'futures.open': 25, 'futures.close': 10, 'p2p.buy': 10, 'p2p.sell': 3, 'p2p.paid': 5, 'p2p.cancel': 1, 'p2p.abandon': 3, 'withdrawal.approve': 10 } as const;

/** Whether the ICO project `projectId` is settled and some trader has a settled seconds contract. */
async function settledUnderLoad(url: string, traders: Trader[], projectId: number): Promise<boolean> {
  const projects = await mustCall<IcoProject[]>(url, ICO_PATHS.projects, {});
  if (projects.find((p) => p.id === projectId)?.settled_at == null) return false;
  for (const trader of traders) {
    if ((await mustCall<{ total: number }>(url, SECONDS_PATHS.history, { days: 3, page: 1, size: 1 }, { token: trader.token })).total > 0) return true;
  }
  return false;
}

const scratch = useScratchServer('property', Number(process.env.SYSTEM_TEST_PORT ?? 8461));

describe('property: thousands of random operations from many traders at once', () => {
  it('keeps every promise of the ledger, and every acknowledged submission has exactly one effect', async () => {
    // The merchants release paid P2P orders and pay for their purchases after 1 s, within the run;
    // futures funding is paid every 5 s instead of every 8 h, so it moves money under the load too.
    const server = await scratch.start({ P2P_MERCHANT_DELAY_MS: '1000', FUNDING_INTERVAL: String(FUNDING_INTERVAL_MS) });
    const { url } = server;
    const traders = await fundedTraders(url, scratch.dataDir, TRADERS, 'property');
    const operator = await operatorSession(url, scratch.liveDatabaseUrl());
    await verifyTraders(url, traders.slice(0, VERIFIED), operator);
    // A P2P buyer has 15 s to pay (the operator's setting, as a business would change it): the
    // orders the mix leaves unpaid time out within the run and give the seller's escrow back. The
    // time-outs would suspend a trader after five (max_unpaid_num); the mix's own cancels are bounded for that.
    await mustCall(url, FIAT_PATHS.operatorLegalTrade, { pay_time: P2P_PAY_MINUTES, max_unpaid_num: 100 }, { token: operator.token });
    // An ICO project that ends (and is settled) while the run goes on, besides the demo projects.
    const project = await shortIcoProject(url, operator.token, 'PROP', 15_000);
    const workload = new Workload(url, traders, operator, await referencePrices(url), 20261121);
    await workload.prepare();
    // Issue 49 §2: a trader sells into a merchant's buy ad, then changes their funds password (the
    // 24 h withdrawal lock). The merchant pays; the release, and every later sale or withdrawal of
    // theirs, must be refused while everything else goes on around them.
    const lockedTrader = traders[TRADERS - 1]!;
    const lockedSale = await workload.sellIntoBuyAd(lockedTrader);
    expect(lockedSale, 'a sale into a merchant buy ad before the lock').toBeDefined();
    await changeFundsPassword(url, scratch.dataDir, lockedTrader, 'Amber-Falcon-2027');
    workload.lockOut(lockedTrader);
    // A second operator, made and enrolled over HTTP, approves the corrections the environment's operator proposes.
    const approver = await deskOperator(url, operator, scratch.liveDatabaseUrl()!, ['finance']);
    const started = Date.now();
    // The steps, and then more until settlements have run under the load too: the short ICO project's
    // and the first seconds contracts' (30 s after the first purchases). A slow machine is past both
    // when its steps are done; a fast one goes on for up to half a minute. Bounded, not asserted on time.
    const settlements = { seen: false, done: false };
    const watch = (async () => {
      const deadline = Date.now() + 180_000;
      while (!settlements.seen && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 1000));
        settlements.seen = await settledUnderLoad(url, traders, project.id);
      }
      settlements.done = true;
    })();
    const correcting = correctWhileTrading(url, operator, approver, traders, CORRECTIONS, CORRECTION_PAUSE_MS);
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        await workload.run(STEPS_PER_WORKER);
        while (!settlements.done) await workload.run(5);
      }),
    );
    await watch;
    const corrections = await correcting;
    expect(corrections.executedTwice, 'a correction approved twice at once executes once').toEqual([]);
    expect([...corrections.executed.values()].reduce((a, b) => a + b, 0), 'corrections executed').toBeGreaterThan(CORRECTIONS / 2);
    // An order its buyer walked away from early in the mix is cancelled by its pay deadline (15 s) by now or soon.
    const abandoned = workload.p2pAbandoned[0];
    expect(abandoned, 'a P2P order left unpaid').toBeDefined();
    await waitUntil(async () => (await mustCall<FiatOrder>(url, FIAT_PATHS.order, { order_id: abandoned!.id }, { token: abandoned!.trader.token })).status === 'cancelled', 'the pay deadline cancels an unpaid P2P order', 60_000);
    const seconds = (Date.now() - started) / 1000;
    const perKind = (kind: string) => new Set(workload.acknowledged.filter((a) => a.kind === kind).map((a) => `${a.trader} ${a.id} ${a.key}`)).size;
    const kinds = Object.fromEntries(['transfer', 'order', 'withdrawal', 'futures', 'seconds', 'fiat', 'ico'].map((k) => [k, perKind(k)]));
    console.log(
      `property: ${workload.steps} operations (${workload.acknowledged.length} acknowledged) in ${seconds.toFixed(1)} s\n` +
        `  acknowledged: ${JSON.stringify(kinds)}\n  steps: ${JSON.stringify(workload.counts)}`,
    );

    expect(workload.unknown).toEqual([]);
    expect(workload.serverErrors).toEqual([]);
    expect(settlements.seen, 'the short ICO project and some seconds contracts settled while the workload ran').toBe(true);
    expect(workload.acknowledged.length).toBeGreaterThan(workload.steps * 0.3);
    const scale = Math.min(1, STEPS_PER_WORKER / 250);
    for (const [kind, minimum] of Object.entries(MINIMUM)) expect(kinds[kind], `acknowledged ${kind}`).toBeGreaterThanOrEqual(Math.floor(minimum * scale));
    for (const [step, minimum] of Object.entries(MINIMUM_STEPS)) expect(workload.counts[step] ?? 0, step).toBeGreaterThanOrEqual(Math.floor(minimum * scale));
    expect(workload.duplicateEffects).toEqual([]);
    expect(workload.lockBreaches).toEqual([]);
    // The sale made before the lock: paid by the merchant, its release refused, the crypto still in escrow.
    await waitUntil(async () => (await mustCall<FiatOrder>(url, FIAT_PATHS.order, { order_id: lockedSale }, { token: lockedTrader.token })).status === 'paid', 'the merchant pays');
    const release = await call(url, FIAT_PATHS.release, { order_id: lockedSale, funds_password: 'Amber-Falcon-2027' }, { token: lockedTrader.token, key: newKey() });
    expect(release.code, release.msg).toBe(400);
    expect((await mustCall<FiatOrder>(url, FIAT_PATHS.order, { order_id: lockedSale }, { token: lockedTrader.token })).status).toBe('paid');
    expect(await missingAcknowledged(url, traders, workload.acknowledged)).toEqual([]);
    // No phantom effects: without a crash every effect was acknowledged, once.
    for (const trader of traders) {
      const acked = (kind: string) => new Set(workload.acknowledged.filter((a) => a.trader === trader.account && a.kind === kind).map((a) => a.id)).size;
      expect((await allPages<TransferRecord>(url, WALLET_PATHS.transfers, trader.token)).length, trader.account).toBe(acked('transfer'));
      expect((await allPages<WithdrawalRecord>(url, WALLET_PATHS.withdrawals, trader.token)).length, trader.account).toBe(acked('withdrawal'));
      expect((await futuresOrders(url, trader.token)).length, `${trader.account} futures orders`).toBe(acked('futures'));
      expect((await secondsContracts(url, trader.token)).length, `${trader.account} seconds contracts`).toBe(acked('seconds'));
      expect((await p2pOrders(url, trader.token)).length, `${trader.account} P2P orders`).toBe(acked('fiat'));
      // One subscription per project, holding exactly what the acknowledged subscriptions added.
      const mine = await mustCall<IcoSubscription[]>(url, ICO_PATHS.mine, {}, { token: trader.token });
      const subscribed = new Map(mine.map((s) => [Number(s.project_id), s.quantity]));
      const expected = icoAcknowledged(workload.acknowledged, trader.account);
      for (const [projectId, quantity] of expected) expect(subscribed.get(projectId), `${trader.account} ICO project ${projectId}`).toBe(quantity);
    }

    await server.stop();
    expect(await scratch.audit()).toEqual([]);
    // Per trader and currency, over all five accounts: the sum of their ledger entries' changes is
    // what their balance rows hold (available and frozen apart), no entry without its balance row
    // nor a row without entries; no balance is negative; and transfers between their own accounts
    // neither made nor lost anything (each transfer is one entry out and one in, of the same size).
    const accounts = traders.map((t) => t.account);
    const conservation = await scratch.read(async (db) => ({
      unbalanced: await db.query(
        `with entries as (select user_id, currency, sum(available_change) as available, sum(frozen_change) as frozen from ledger_entry group by user_id, currency),
              rows as (select user_id, currency, sum(available) as available, sum(frozen) as frozen from balance group by user_id, currency)
         select u.account, coalesce(e.currency, r.currency) as currency, trim_scale(e.available)::text as entries_available, trim_scale(r.available)::text as available,
                trim_scale(e.frozen)::text as entries_frozen, trim_scale(r.frozen)::text as frozen
         from entries e full join rows r on r.user_id = e.user_id and r.currency = e.currency
         join app_user u on u.id = coalesce(e.user_id, r.user_id)
         where u.account = any($1::text[])
           and (e.user_id is null or r.user_id is null or e.available <> r.available or e.frozen <> r.frozen)`,
        [accounts],
      ),
      negative: await db.query(
        `select u.account, b.currency, b.account as wallet, b.available::text, b.frozen::text from balance b join app_user u on u.id = b.user_id
         where u.account = any($1::text[]) and (b.available < 0 or b.frozen < 0)`,
        [accounts],
      ),
      transfers: await db.query(
        `select u.account, l.currency, l.ref_id, count(*)::int as entries, trim_scale(sum(l.available_change + l.frozen_change))::text as net
         from ledger_entry l join app_user u on u.id = l.user_id
         where u.account = any($1::text[]) and l.kind in ('transfer_out', 'transfer_in')
         group by u.account, l.currency, l.ref_type, l.ref_id having count(*) <> 2 or sum(l.available_change + l.frozen_change) <> 0`,
        [accounts],
      ),
      // Not vacuous: every trader's USDT, BTC and ETH, and the short project's tokens of its subscribers, were compared.
      compared: Number((await db.query<{ n: number }>(
        `select count(distinct (l.user_id, l.currency))::int as n from ledger_entry l join app_user u on u.id = l.user_id where u.account = any($1::text[])`,
        [accounts],
      ))[0]!.n),
      projectSettled: (await db.query<{ settled: boolean }>(`select settled_ms is not null as settled from ico_project where id = $1`, [project.id]))[0]?.settled,
    }));
    // Not vacuous either: the money paths the mix does not call itself ran within the audited run.
    const moved = await scratch.read(async (db) => {
      const count = async (sql: string) => Number((await db.query<{ n: number }>(sql, [accounts]))[0]!.n);
      return {
        fundingToTraders: await count(
          `select count(*)::int as n from ledger_entry l join app_user u on u.id = l.user_id where u.account = any($1::text[]) and l.ref_type = 'futures_funding'`,
        ),
        p2pTimedOut: await count(
          `select count(*)::int as n from fiat_order o join app_user u on u.id = o.buyer_id where u.account = any($1::text[]) and o.status = 'cancelled' and o.cancel_reason = 'expired'`,
        ),
        correctionsPerTrader: Object.fromEntries(
          (await db.query<{ account: string; n: number }>(
            `select u.account, count(*)::int as n from ledger_entry l join app_user u on u.id = l.user_id where u.account = any($1::text[]) and l.ref_type = 'correction' group by u.account`,
            [accounts],
          )).map((r) => [r.account, r.n]),
        ),
        liquidations: await count(
          `select count(*)::int as n from futures_order o join app_user u on u.id = o.user_id where u.account = any($1::text[]) and o.source = 'liquidation'`,
        ),
      };
    });
    console.log(`property: funding entries ${moved.fundingToTraders}, P2P orders timed out ${moved.p2pTimedOut}, corrections ${JSON.stringify(moved.correctionsPerTrader)} (${corrections.refused} debits refused), liquidations ${moved.liquidations}`);
    expect(moved.fundingToTraders, 'funding paid or received by the traders').toBeGreaterThan(0);
    expect(moved.p2pTimedOut, 'P2P orders the buyer left unpaid, timed out').toBeGreaterThan(0);
    // Each executed correction is one ledger entry of its trader's (the balances above hold them).
    expect(moved.correctionsPerTrader, 'corrections in the traders\' ledgers').toEqual(Object.fromEntries(corrections.executed));
    expect(conservation.compared).toBeGreaterThanOrEqual(TRADERS * 3);
    expect({ ...conservation, compared: undefined }).toEqual({ unbalanced: [], negative: [], transfers: [], compared: undefined, projectSettled: true });
  });
});
