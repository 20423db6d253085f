import { randomInt } from 'node:crypto';
import { SECONDS_ACCOUNT, SECONDS_CURRENCY, secondsIndexChannel, type SecondsIndexTick } from '../../../domain/seconds.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { changeBalance } from '../../kernel/platform/ledger/ledger.js';
import { systemAccountId } from '../../kernel/platform/ledger/systemAccounts.js';
import { defineProduct, withProductDefaults, type ProductDeps, type ProductParts } from '../../kernel/platform/product.js';
import { seededRandom } from '../../kernel/exchange/random.js';
import { secondsContracts } from './contracts.js';
import { memoryFirstBookSource, spotBookSource, type BookSource } from './bookSource.js';
import { SecondsIndex, spotTradeSource, type IndexPair, type TradeSource } from './indexPrice.js';
import { IndexSampler } from './indexSampler.js';
import { secondsLedger, SECONDS_HOUSE } from './ledger.js';
import { indexPairs, seedPeriods } from './periods.js';
import { secondsRoutes } from './routes.js';
import { SecondsScheduler } from './scheduler.js';
import { settleDue, type SettleStage } from './settlement.js';

/** What the house starts with, booked once as a deposit from outside (docs/API.md "The house"). */
export const HOUSE_CAPITAL = '1000000';

/** Gives the house its capital the first time it exists (idempotent: only while it has no ledger entry). */
export async function ensureHouse(db: Database): Promise<number> {
  const house = await systemAccountId(db, SECONDS_HOUSE);
  await db.transaction(async (tx) => {
    await tx.query('select id from app_user where id = $1 for update', [house]);
    const [entry] = await tx.query(`select 1 from ledger_entry where user_id = $1 and currency = $2 and account = $3 limit 1`, [house, SECONDS_CURRENCY, SECONDS_ACCOUNT]);
    if (entry) return;
    await changeBalance(tx, {
      userId: house,
      currency: SECONDS_CURRENCY,
      account: SECONDS_ACCOUNT,
      available: HOUSE_CAPITAL,
      frozen: '0',
      kind: 'deposit',
      refType: 'seconds_house_capital',
      refId: null,
    });
  });
  return house;
}

export interface SecondsOptions extends ProductDeps {
  enabled: boolean;
  /** The trades the index falls back to (tests give their own). */
  trades?: TradeSource;
  /**
   * The book the index samples: the spot market's from the database by default (the product below
   * reads the markets it runs from memory first); an operator's external feed implements
   * BookSource (docs/API.md "How the settle price is made").
   */
  book?: BookSource;
  /** Told where settlement time goes (bench/seconds.ts). */
  measureSettlement?: (stage: SettleStage, ms: number) => void;
  /**
   * Where the sampler's instants come from (the kernel's seeded source): tests name a seed; by
   * default a seed from the operating system, so nobody outside can line orders up with them.
   */
  random?: () => number;
  /** Where each second's recorded index goes live (`secondsIndexChannel`); the product's publish. */
  publish?: (channel: string, payload: object) => void;
}

/** The product's parts over explicit dependencies (the product below, tests, the bench and the crash test). */
export function createSeconds(options: SecondsOptions) {
  const { db, feed, enabled, clock, log } = withProductDefaults(options);
  let pairs = new Map<string, IndexPair>();
  const pairsNow = () => pairs;
  const random = options.random ?? seededRandom(randomInt(2 ** 32));
  const sampler = new IndexSampler(options.book ?? spotBookSource(db), pairsNow, clock, log, random);
  const index = new SecondsIndex(db, options.trades ?? spotTradeSource(), clock, sampler);
  const contracts = secondsContracts({ db, index, depth: sampler, pairs: pairsNow, feed, clock });
  const settle = () => settleDue({ db, index, pairs: pairsNow, feed, clock, log, measure: options.measureSettlement });
  // The latest tick of each pair's index channel: a new subscriber's snapshot.
  const latestTicks = new Map<string, SecondsIndexTick>();
  const scheduler = new SecondsScheduler({
    index,
    pairs: pairsNow,
    settle,
    clock,
    log,
    pruneIndex: (before) => db.query('delete from seconds_index where second < $1', [before]),
    recorded: (pair, second, point) => {
      const channel = secondsIndexChannel(pair.left, pair.right);
      const tick: SecondsIndexTick = { pair: pair.symbol, close: point.price, band: point.band, second };
      latestTicks.set(channel, tick);
      options.publish?.(channel, tick);
    },
  });
  const parts: ProductParts = {
    routes: secondsRoutes(contracts, enabled),
    async prepare() {
      await seedPeriods(db);
      pairs = new Map((await indexPairs(db)).map((p) => [p.symbol, p]));
      await ensureHouse(db);
    },
    // Open contracts settle even with the product switched off: nobody's stake stays frozen.
    start: async () => {
      sampler.start();
      scheduler.start();
    },
    stop: async () => {
      await scheduler.stop();
      await sampler.stop();
    },
    snapshot: (channel) => latestTicks.get(channel),
  };
  return { parts, contracts, index, sampler, scheduler, settle, pairs: pairsNow };
}

/**
 * Seconds contracts: up/down contracts on a pair's per-second index price, settled at the exact
 * expiry second through the ledger against the house (docs/API.md "Seconds contracts").
 * SECONDS_CONTRACTS=off makes every call refuse; contracts already open still settle.
 */
export const seconds = defineProduct({
  id: 'seconds',
  // Its scheduler and index are its own; contracts, the house and balances are in the database,
  // and the spot trades its index is read from too.
  apart: { paths: ['/api/seconds/', '/api/operator/seconds/'] },
  ledger: secondsLedger,
  // Its account in the wallet's list (transfers, valuations, corrections), in the place of its wallet menu entry.
  walletAccounts: [{ kind: SECONDS_ACCOUNT, place: 22 }],
  // Every tradable pair's seconds index (the periods, not the channel list, say which pairs sell contracts).
  channels: (p) => (p.trade_status === 1 ? [secondsIndexChannel(p.left_symbol, p.right_symbol)] : []),
  create: ({ db, config, userFeed, log, publish, offers }) =>
    createSeconds({
      db,
      feed: userFeed,
      enabled: config.secondsContracts !== false,
      log: (message, error) => log.error(message, error),
      publish,
      // The books of the markets this process runs from their engines, the others' from the database.
      book: memoryFirstBookSource(() => offers?.use('spotBook'), spotBookSource(db)),
    }).parts,
});
