import { futureIndexChannel, futureTickChannel, type Pair } from '../../../domain/api.js';
import { FUTURES_ACCOUNT } from '../../../domain/futures/api.js';
import { fxText } from '../../../domain/fx.js';
import { listPairs, PAIRS_CACHE } from '../../kernel/platform/catalogue.js';
import type { Database } from '../../kernel/platform/db/database.js';
import type { MarketPublisher } from '../../kernel/exchange/publisher.js';
import type { AccountRules } from '../../kernel/platform/ledger/accountRules.js';
import { changeBalance } from '../../kernel/platform/ledger/ledger.js';
import { systemAccountId } from '../../kernel/platform/ledger/systemAccounts.js';
import { Loops } from '../../kernel/platform/loops.js';
import { onCacheChange } from '../../kernel/platform/caches.js';
import { defineProduct, type ProductParts } from '../../kernel/platform/product.js';
import { seededRandom, seedFrom } from '../../kernel/exchange/random.js';
import { silentUserFeed, type UserFeed } from '../../kernel/platform/realtime/userFeed.js';
import { contractAccountRule } from './accountRule.js';
import { FuturesExchange, PLACE_SCOPE } from './exchange.js';
import { futuresChannels } from './channels.js';
import { lastFundingTimes, payFunding } from './funding.js';
import { futuresLedger, FUTURES_POOL, INSURANCE_FUND } from './ledger.js';
import { readContractHalts } from './halts.js';
import { dueContractCloses } from './delisting.js';
import { ensureFuturesMakers, FuturesMakers } from './makers.js';
import { futuresPair, futuresPairs, readContractTerms } from './pairs.js';
import { PriceFeed, spotIndexSource, type IndexSource } from './priceFeed.js';
import { FUTURES_RESTORED_WINDOW_MS, FUTURES_TELL_AFTER_MS, tellRestoredFutures } from './restoredNotices.js';
import { futuresRoutes } from './routes.js';
import { seedContractCharts } from './seedChart.js';
import { futuresService, type FuturesService } from './service.js';

/** What the insurance fund starts with, booked once as a deposit from outside (docs/API.md "Insurance fund"). */
export const INSURANCE_CAPITAL = '1000000';

async function ensureInsurance(db: Database): Promise<number> {
  const id = await systemAccountId(db, INSURANCE_FUND);
  await db.transaction(async (tx) => {
    const [entry] = await tx.query(`select 1 from ledger_entry where user_id = $1 and ref_type = 'insurance_capital' limit 1`, [id]);
    if (entry) return;
    await changeBalance(tx, { userId: id, currency: 'USDT', account: 'contract', available: INSURANCE_CAPITAL, frozen: '0', kind: 'deposit', refType: 'insurance_capital', refId: null });
  });
  return id;
}

export interface FuturesOptions {
  db: Database;
  pairs: Pair[];
  publisher: MarketPublisher;
  feed?: UserFeed;
  clock?: () => number;
  index?: IndexSource;
  fundingIntervalMs?: number;
  /** Run the market makers (off in tests). */
  marketMakers?: boolean;
  /** Give contract charts without history a generated one, as spot's (the server: yes; tests: no). */
  seedCharts?: boolean;
  /** Mark updates per second: the feed's period in ms. */
  feedEveryMs?: number;
  /** Where the wallet says funds moved into or out of a contract account (a transfer). */
  accounts?: AccountRules;
  log?: (message: string, error?: unknown) => void;
}

/** The product's parts over explicit dependencies (the product below, tests and the bench). */
export async function createFutures(options: FuturesOptions) {
  const { db } = options;
  const clock = options.clock ?? Date.now;
  const log = options.log ?? (() => undefined);
  const fundingIntervalMs = options.fundingIntervalMs ?? 8 * 3_600_000;
  const pairs = futuresPairs(options.pairs, await readContractTerms(db));
  const accounts = { pool: 0, insurance: 0, fees: 0, makers: new Set<number>() };
  const exchange = new FuturesExchange(db, pairs, accounts, options.publisher, clock, options.feed ?? silentUserFeed);
  const feed = new PriceFeed(db, exchange, options.index ?? spotIndexSource(), options.publisher, clock);
  const service = futuresService(exchange, db, fundingIntervalMs);
  let makers: FuturesMakers | undefined;
  // When prepare restored the exchange, and the timer that then tells what was written just before.
  let restoredAt = 0;
  let tellRestored: NodeJS.Timeout | undefined;
  let unhearHalts: (() => void) | undefined;
  const loops = new Loops(log);
  // A transfer's commit re-prices the account's cross positions at once (FuturesExchange.refreshCross).
  const unsubscribe = options.accounts?.onMoved('contract', (userId) => {
    void exchange.refreshCross([userId]).catch((error) => log('futures: refreshing a cross account failed', error));
  });
  const every = (ms: number, work: () => unknown) => loops.every(ms, work, 'futures loop failed');
  const lastFunding = new Map<string, number>();

  /** Pays every pair's funding times that are due (one missed while the server was down is paid now). */
  async function fundingDue(): Promise<void> {
    const due = Math.floor(clock() / fundingIntervalMs) * fundingIntervalMs;
    for (const symbol of pairs.keys()) {
      const last = lastFunding.get(symbol);
      if (last === undefined) {
        lastFunding.set(symbol, due);
        continue;
      }
      if (due <= last) continue;
      await payFunding(exchange, symbol, due);
      lastFunding.set(symbol, due);
    }
  }

  /** When each waiting close was last told of (once a minute, not each pass). */
  const toldShort = new Map<string, number>();
  /**
   * Closes the contracts whose delisting is due and that run here (delisting.ts); one not due yet
   * waits for the next pass, and so does one whose shortfalls the insurance fund cannot pay: the
   * log says what it needs, once a minute, until an operator funds it (a balance correction).
   */
  async function closeDelisted(): Promise<void> {
    for (const symbol of await dueContractCloses(db, clock())) {
      if (!exchange.pairs.has(symbol)) continue;
      const close = await exchange.closeDelisted(symbol);
      if (close.closed) {
        toldShort.delete(symbol);
        log(`futures: contract ${symbol} delisted, its positions closed at the mark`);
      } else if (close.needed !== undefined && clock() - (toldShort.get(symbol) ?? -Infinity) >= 60_000) {
        toldShort.set(symbol, clock());
        log(`futures: contract ${symbol}'s delisting waits: closing it at the mark takes ${fxText(close.needed)} USDT from the insurance fund, which holds ${fxText(close.fund ?? 0n)}`);
      }
    }
  }

  /** A contract's makers, at start and for one listed while running: their leverage, then their quotes and takes. */
  async function startMakers(symbols: string[]): Promise<void> {
    if (!makers) return;
    const quoted = symbols.filter((symbol) => pairs.get(symbol)?.makers !== false);
    await makers.setup(quoted);
    for (const symbol of quoted) {
      const random = seededRandom(seedFrom(symbol, 7));
      // A halted contract's makers neither quote nor take (their resting quotes stay).
      every(2500, () => !exchange.halted.has(symbol) && makers!.requote(symbol));
      every(1500 + Math.floor(random() * 3000), () => !exchange.halted.has(symbol) && makers!.take(symbol, random));
    }
  }

  /**
   * Issue 52 §1: a contract listed while running (the markets desk lists it in the futures' pair_listing,
   * and announces the pair cache's change on every process) opens where futures runs: its book and
   * market data (channels), then mark, funding, halts and TP/SL by the loops that go over every
   * pair, and its makers. One at a time, in the order heard.
   */
  let opening = Promise.resolve();
  function openListed(): Promise<void> {
    opening = opening.then(async () => {
      const opened = await exchange.openListed(async () => {
        const terms = await readContractTerms(db);
        return (await listPairs(db)).flatMap((row) => futuresPair(row, terms.get(`${row.left_symbol}_${row.right_symbol}`)) ?? []);
      });
      for (const pair of opened) {
        await feed.update(pair.spec.symbol);
        await startMakers([pair.spec.symbol]);
      }
    }).catch((error) => log('futures: opening a listed contract failed', error));
    return opening;
  }

  const parts: ProductParts = {
    routes: futuresRoutes(() => exchange, () => service),
    async prepare() {
      accounts.pool = await systemAccountId(db, FUTURES_POOL);
      accounts.fees = await systemAccountId(db, 'fees');
      accounts.insurance = await ensureInsurance(db);
      if (options.marketMakers) {
        const ids = await ensureFuturesMakers(db);
        accounts.makers.add(ids.long).add(ids.short);
        makers = new FuturesMakers(exchange, ids);
      }
      await feed.load();
      await readContractHalts(db, exchange.halted);
      if (options.seedCharts) await seedContractCharts(db, pairs.values(), clock());
      await exchange.restore();
      restoredAt = clock();
      for (const [symbol, last] of await lastFundingTimes(exchange)) lastFunding.set(symbol, last);
    },
    async start() {
      // Issue 53 §4: what a killed holder committed and never pushed reaches its users' sockets, once
      // the user channel knows who listens (as spot's MarketService.start).
      tellRestored = setTimeout(() => {
        const since = restoredAt - FUTURES_RESTORED_WINDOW_MS;
        tellRestoredFutures(db, options.feed ?? silentUserFeed, since).catch((error) => log('futures: telling the restored orders failed', error));
      }, FUTURES_TELL_AFTER_MS);
      tellRestored.unref();
      every(100, () => exchange.flushDepth());
      // The halts first, so the ticks this update publishes carry them (halts.ts).
      every(options.feedEveryMs ?? 1000, async () => {
        await readContractHalts(db, exchange.halted).catch((error) => log('futures: reading the contract halts failed', error));
        await feed.update();
      });
      every(1000, () => fundingDue());
      // A contract whose delisting halted it a settle time ago is closed here, where its book is (delisting.ts).
      every(1000, () => closeDelisted());
      // A halt or resume on any process reaches the intake at once, not at the next update (kernel/platform/caches.ts).
      // The same notice tells of a contract listed (openListed).
      unhearHalts = onCacheChange(db, PAIRS_CACHE, () => {
        void readContractHalts(db, exchange.halted).catch((error) => log('futures: reading the contract halts failed', error));
        void openListed();
      });
      await startMakers([...pairs.keys()]);
      // One listed between the read at create and the notice's hook.
      await openListed();
    },
    async stop() {
      clearTimeout(tellRestored);
      unsubscribe?.();
      unhearHalts?.();
      await opening;
      // Loops already running (a requote, a mark update) finish before the database closes.
      await loops.stop();
      await exchange.idle();
    },
    snapshot(channel) {
      for (const pair of pairs.values()) {
        const { left, right } = pair.spec;
        if (channel === futureTickChannel(left, right)) return feed.tick(pair);
        if (channel === futureIndexChannel(left, right)) return feed.indexTick(pair);
        const snapshot = exchange.data.get(pair.spec.symbol)!.snapshot(channel);
        if (snapshot) return snapshot;
      }
      return undefined;
    },
  };
  return { parts, exchange, feed, service, accounts, fundingDue, openListed, closeDelisted, payFunding: (symbol: string, ms: number) => payFunding(exchange, symbol, ms) };
}

/**
 * USDT-margined perpetual futures (docs/API.md "Futures"): one contract market per contract pair
 * with margin, positions, liquidation, funding and TP/SL, through the ledger's contract account.
 */
export const futures = defineProduct({
  id: 'futures',
  // Its engine, books, positions and loops are its own; what it shares (balances, the ledger, the
  // spot trades its index is read from) is in the database.
  apart: { paths: ['/api/futures/'] },
  accounts: { contract: contractAccountRule },
  ledger: futuresLedger,
  // Its account in the wallet's list (transfers, valuations, corrections), in the place of its wallet menu entry.
  walletAccounts: [{ kind: FUTURES_ACCOUNT, place: 21 }],
  channels: futuresChannels,
  create: async ({ db, config, userFeed, publish, log, accounts, offers }) => {
    const made = await createFutures({
      db,
      pairs: await listPairs(db),
      publisher: { publish },
      feed: userFeed,
      accounts,
      fundingIntervalMs: config.fundingIntervalMs,
      marketMakers: config.marketMakers ?? true,
      seedCharts: true,
      log: (message, error) => log.error(message, error),
    });
    // The same engine and reads for programs (the Binance dialect): one path for every order.
    offers?.offer('futuresTrading', { exchange: made.exchange, service: made.service, placeScope: PLACE_SCOPE });
    return made.parts;
  },
});

declare module '../../kernel/platform/offers.js' {
  interface OfferedServices {
    /** The futures engine (orders, positions, leverage) and its reads, as the /api/futures/* routes use them. */
    futuresTrading: { exchange: FuturesExchange; service: FuturesService; placeScope: string };
  }
}
