/**
 * bench:liquidation — the futures liquidation check at scale (issue 13).
 *
 * 100 000 open isolated positions (10 000 accounts × 10 contract pairs, leverage 2…50, half long,
 * half short) on the embedded PostgreSQL (or DATABASE_URL / EMBEDDED_DB=pglite), a market maker's
 * book on every pair, then:
 *   1. the rebuild that loads them and builds the liquidation-price index;
 *   2. mark updates that liquidate nobody (the index answers "no candidates");
 *   3. one mark move per pair that liquidates 1 % of all positions (2 % of its longs): the
 *      liquidations are real — orders cancelled, positions closed into the book, margin, PnL,
 *      fees and insurance through the ledger — batched by the sequencer — and the margin calls of
 *      the positions it takes past a margin ratio of 80 % without liquidating them.
 * Prints the positions count, time per mark update and per liquidation.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fx, fxText, divFx, FX_ONE, mulFx } from '../domain/fx.js';
import { initialMargin, liquidationPrice } from '../domain/futures/formulas.js';
import { listCurrencies, listPairs } from '../server/kernel/platform/catalogue.js';
import { openDatabase } from '../server/kernel/platform/db/open.js';
import { createFutures } from '../server/products/futures/product.js';
import { createIsolatedSchema } from '../tests/server/testDb.js';

const ACCOUNTS = Number(process.env.LIQUIDATION_BENCH_ACCOUNTS ?? 10_000);
const PAIRS = 10;

const dataDir = mkdtempSync(join(tmpdir(), 'openex-bench-liquidation-'));
const isolated = process.env.DATABASE_URL ? await createIsolatedSchema() : undefined;
const db = await openDatabase({ databaseUrl: isolated?.url, dataDir, embedded: process.env.EMBEDDED_DB === 'pglite' ? 'pglite' : 'postgres' });

try {
  // The seed has nine USDT pairs; a tenth, for the bench only.
  await db.query(`insert into currency (symbol, name, price, recharge_turn, draw_turn, legal_status, circulating_supply, sort) values ('LIQB', 'Bench coin', '12.5', 0, 0, 0, '0', 99) on conflict do nothing`);
  await db.query(`insert into pair (left_symbol, right_symbol, is_hot, price_precision, amount_precision, min_quantity, min_notional, sort)
    values ('LIQB', 'USDT', 0, 4, 2, '0.01', '1', 99) on conflict do nothing`);
  await db.query(`insert into pair_listing (product, base, quote, status) values ('spot', 'LIQB', 'USDT', 0), ('futures', 'LIQB', 'USDT', 1) on conflict do nothing`);
  const prices = new Map((await listCurrencies(db)).map((c) => [c.symbol, c.price]));
  // Ten USDT pairs as contract markets (the seed lists six; the bench opens four more in memory).
  const pairs = (await listPairs(db)).filter((p) => p.right_symbol === 'USDT' && prices.get(p.left_symbol)).slice(0, PAIRS).map((p) => ({ ...p, contract_status: 1 as const }));
  if (pairs.length < PAIRS) throw new Error(`only ${pairs.length} USDT pairs`);
  const product = await createFutures({ db, pairs, publisher: { publish: () => undefined }, index: { index: async () => undefined } });
  await product.parts.prepare!();
  const ex = product.exchange;

  const started = performance.now();
  await db.query(`insert into app_user (account) select 'liq-' || g || '@bench.test' from generate_series(1, $1) g`, [ACCOUNTS]);
  const [first] = await db.query<{ id: string }>(`select min(id)::text as id from app_user where account like 'liq-%'`);
  const firstId = Number(first!.id);
  let poolTotal = 0n;
  const anchors = new Map<string, bigint>();
  for (const pair of ex.pairs.values()) {
    const anchor = (fx(prices.get(pair.spec.left)!) / pair.tickFx) * pair.tickFx;
    anchors.set(pair.spec.symbol, anchor);
    // About 1000 USDT per position, in whole lots.
    let quantity = (divFx(fx('1000'), anchor) / pair.lotFx) * pair.lotFx;
    if (quantity === 0n) quantity = pair.lotFx;
    const notional = mulFx(quantity, anchor);
    const rows = { users: [] as number[], sides: [] as number[], costs: [] as string[], margins: [] as string[], leverages: [] as number[] };
    for (let i = 0; i < ACCOUNTS; i++) {
      const side = i % 2 === 0 ? 1 : -1;
      const leverage = 2 + (Math.floor(i / 2) % 49);
      const margin = initialMargin(notional, leverage);
      rows.users.push(firstId + i);
      rows.sides.push(side);
      rows.costs.push(fxText(BigInt(side) * notional));
      rows.margins.push(fxText(margin));
      rows.leverages.push(leverage);
      poolTotal += margin - BigInt(side) * notional;
    }
    await db.query(
      `insert into futures_position (user_id, left_symbol, right_symbol, side, quantity, cost, margin, margin_mode, leverage, opened_ms, updated_ms)
       select u, $1, $2, s, $3::numeric, c, m, 'isolated', l, 0, 0 from unnest($4::bigint[], $5::smallint[], $6::numeric[], $7::numeric[], $8::int[]) as t(u, s, c, m, l)`,
      [pair.spec.left, pair.spec.right, fxText(quantity), rows.users, rows.sides, rows.costs, rows.margins, rows.leverages],
    );
  }
  // The pool holds what those positions put in (as if they had traded through the book).
  await db.query(
    `insert into balance (user_id, currency, account, available, frozen) values ($1, 'USDT', 'contract', $2::numeric, 0)
     on conflict (user_id, currency, account) do update set available = balance.available + excluded.available`,
    [product.accounts.pool, fxText(poolTotal)],
  );
  const [maker] = await db.query<{ id: string }>(`insert into app_user (account, kind) values ('liq-maker@bench.test', 'market_maker') returning id::text as id`);
  await db.query(`insert into balance (user_id, currency, account, available, frozen) values ($1, 'USDT', 'contract', 1000000000000, 0)`, [Number(maker!.id)]);
  const seeded = performance.now() - started;

  let t = performance.now();
  await ex.restore();
  const rebuildMs = performance.now() - t;
  console.log(`positions: ${ex.index.size} open (${ACCOUNTS} accounts × ${ex.pairs.size} pairs), seeded in ${(seeded / 1000).toFixed(1)} s; rebuild with index ${rebuildMs.toFixed(0)} ms`);

  // A deep book on every pair: 30 bid levels, 0.1 % apart, together taking three times what the move liquidates.
  for (const pair of ex.pairs.values()) {
    const anchor = anchors.get(pair.spec.symbol)!;
    let quantity = (divFx(fx('1000'), anchor) / pair.lotFx) * pair.lotFx;
    if (quantity === 0n) quantity = pair.lotFx;
    const size = fxText(quantity * BigInt(Math.max(1, Math.ceil(ACCOUNTS / 1000))));
    await ex.setLeverage(Number(maker!.id), pair.spec.symbol, 1, 'cross');
    const orders = [];
    for (let i = 1; i <= 30; i++) {
      const step = (anchor * BigInt(i)) / 1000n;
      const bid = ((anchor - step) / pair.tickFx) * pair.tickFx;
      // Bids only: the move liquidates longs, which sell into them.
      if (bid > 0n) orders.push(ex.place({ userId: Number(maker!.id), symbol: pair.spec.symbol, action: 'open_long', type: 'limit', price: fxText(bid), quantity: size, source: 'maker' }));
    }
    for (const o of await Promise.all(orders)) if (!o.ok) throw new Error(`maker refused: ${o.key}`);
  }

  // 2. Mark updates that liquidate nobody.
  const quiet = 200;
  let lookups = 0;
  t = performance.now();
  for (let i = 0; i < quiet; i++) {
    const pair = [...ex.pairs.values()][i % ex.pairs.size]!;
    await product.feed.setIndex(pair, anchors.get(pair.spec.symbol)!, { basis: 0n });
  }
  const quietMs = (performance.now() - t) / quiet;
  t = performance.now();
  for (let i = 0; i < 10_000; i++) {
    const pair = [...ex.pairs.values()][i % ex.pairs.size]!;
    lookups += ex.index.candidates(pair.spec.symbol, anchors.get(pair.spec.symbol)!).length;
  }
  const lookupUs = ((performance.now() - t) / 10_000) * 1000;
  console.log(`mark update without liquidations: ${quietMs.toFixed(2)} ms each (${quiet} updates: mark row, publish, TP/SL and index lookup); index lookup alone ${lookupUs.toFixed(1)} µs (${lookups} candidates)`);

  // 3. One move per pair that liquidates the 2 % of its longs with the highest liquidation prices.
  let liquidated = 0;
  let moveMs = 0;
  const checksBefore = ex.stats.liquidationChecks;
  const calledBefore = ex.marginCalled.size;
  for (const pair of ex.pairs.values()) {
    const anchor = anchors.get(pair.spec.symbol)!;
    const longs = [...ex.positions.values()].filter((p) => p.symbol === pair.spec.symbol && p.side === 1);
    const lps = longs.map((p) => liquidationPrice({ side: 1, quantity: p.quantity, entry: anchor, walletBalance: p.margin, brackets: pair.brackets })).sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
    const target = lps[Math.floor(longs.length * 0.02) - 1]!;
    const before = ex.stats.liquidations;
    t = performance.now();
    await product.feed.setIndex(pair, target, { basis: 0n });
    moveMs += performance.now() - t;
    liquidated += ex.stats.liquidations - before;
  }
  const checked = ex.stats.liquidationChecks - checksBefore;
  // The positions the moves took to a margin ratio of 80 % or more without liquidating them: each a
  // margin call (a row, a notice and a push) in the same batches (marginCalls.ts).
  const called = ex.marginCalled.size - calledBefore;
  console.log(
    `liquidating moves: ${liquidated} positions liquidated (${((liquidated / ex.index.size) * 100 || (liquidated / (ACCOUNTS * PAIRS)) * 100).toFixed(2)} % of ${ACCOUNTS * PAIRS}), ${checked} exact checks, ` +
      `${(moveMs / ex.pairs.size).toFixed(0)} ms per liquidating mark update, ${(moveMs / Math.max(1, liquidated)).toFixed(2)} ms per liquidation; ${called} margin calls with them, ${(moveMs / Math.max(1, liquidated + called)).toFixed(2)} ms per liquidation or call; sequencer ${JSON.stringify(ex.sequencer.stats)}`,
  );
  void FX_ONE;
  await product.parts.stop!();
} finally {
  await db.close();
  await isolated?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
