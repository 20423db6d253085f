import { listCurrencies, listPairs, type PairOpenings } from '../../kernel/platform/catalogue.js';
import type { Pair } from '../../../domain/api.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { pairSpec } from '../../kernel/exchange/pairSpec.js';
import { defineProduct, type Kernel } from '../../kernel/platform/product.js';
import { marketOwnership } from '../../kernel/cluster/shards/ownership.js';
import { processOf } from '../../kernel/cluster/shards/processes.js';
import { accountFreezes } from '../../kernel/platform/accountFreeze/index.js';
import { spotChannels } from './channels.js';
import { registerSpotFreezeRelease } from './freezeRelease.js';
import { spotLedger } from './ledger.js';
import { MarketService } from './marketService.js';
import { remoteSpotMarket, runSpotCommand, type SpotCommand, type TradableMarket } from './remoteMarket.js';
import { spotRoutes } from './routes.js';
import { spotFillsStatement } from './statement.js';
import { spotStops } from './stops.js';
import { spotTrading, type SpotTrading } from './trading.js';
import type { SpotBookReader } from './restedBook.js';

declare module '../../kernel/platform/offers.js' {
  interface OfferedServices {
    /** Spot's order calls, the ones behind /api/spot/* (trading.ts). */
    spotTrading: SpotTrading;
    /** The books of the markets this process runs, as they rested by an instant (restedBook.ts; the seconds index). */
    spotBook: SpotBookReader;
  }
}

/**
 * Spot trading: one market per pair (its pipeline, books, candles and market makers), the order
 * calls, and the market-data channels (tick, depth, trades, candles) with their snapshots.
 */
export const spot = defineProduct({
  id: 'spot',
  ledger: spotLedger,
  channels: spotChannels,
  create: async ({ db, config, userFeed, publish, log, pairs, remoteMarkets, offers }) => {
    const listed = await listPairs(db);
    const markets = new MarketService(db, listed, await listCurrencies(db), { publish }, {
      runsHere: runsHere(config, remoteMarkets),
      ownership: marketOwnership(db),
      unsimulated: await unsimulatedPairs(db),
      marketMakers: config.marketMakers ?? true,
      volatilityScale: config.volatilityScale,
      makerRetention: {
        ...(config.makerHistoryKeptMinutes !== undefined && { keptMs: config.makerHistoryKeptMinutes * 60_000 }),
        ...(config.makerTradesKeptMinutes !== undefined && { tradesKeptMs: config.makerTradesKeptMinutes * 60_000 }),
      },
      log: log.error,
      userFeed,
    });
    // The markets other processes hold (MARKET_PROCESSES' entries): their orders go there as commands.
    const remote = new Map<string, TradableMarket>();
    const reachRemote = (pair: Pair) => {
      const spec = pairSpec(pair);
      if (!remoteMarkets?.processOf(spec.symbol)) return;
      remote.set(spec.symbol, remoteSpotMarket(spec, (market, command: SpotCommand) => remoteMarkets.call(market, command)));
    };
    for (const pair of listed.filter((p) => p.trade_status === 1)) reachRemote(pair);
    // Stop-limit and OCO: watched where their pair's market runs, rebuilt from their rows on start.
    const stops = spotStops({ db, userFeed, local: (symbol) => markets.market(symbol), log: (error) => log.error('spot stop', error) });
    openAnnouncedPairs(pairs, db, async (pair) => {
      reachRemote(pair);
      await markets.open(pair);
      const opened = markets.market(pairSpec(pair).symbol);
      if (opened) await stops.watch(opened);
    });
    const trading = spotTrading({ db, stops, markets: { market: (symbol) => markets.market(symbol) ?? remote.get(symbol), holding: (orderId) => markets.holding(orderId) } });
    // The same trading for programs (the Binance dialect): one path for every order.
    offers?.offer('spotTrading', trading);
    offers?.offer('spotBook', { levels: (symbol, restedBy, perSide) => markets.market(symbol)?.restedLevels(restedBy, perSide) });
    // A frozen account's orders and stops are cancelled through this trading (kernel/platform/accountFreeze).
    registerSpotFreezeRelease(accountFreezes(offers), db, trading);
    return {
      routes: spotRoutes(trading, spotFillsStatement(db)),
      command: (market, command) => runSpotCommand(markets.market(market), command),
      prepare: async () => {
        await markets.prepare();
        for (const market of markets.markets.values()) await stops.watch(market);
      },
      start: () => markets.start(),
      // The makers' history of every pair, folded by the one process holding the duties lease.
      duties: () => markets.foldMakerHistoryOnTime(),
      stop: async () => {
        await markets.stop();
        await stops.idle();
      },
      snapshot: (channel) => markets.snapshot(channel),
    };
  },
});

/**
 * Which pairs' markets run in this process: an entry holder's own (MARKET_PROCESS: those it names,
 * or every pair no other entry names), or, serving the routes, every pair no entry runs; undefined: all of them.
 */
function runsHere(config: Kernel['config'], remote: Kernel['remoteMarkets']): ((symbol: string) => boolean) | undefined {
  const entry = config.marketProcess;
  if (entry) return (symbol) => processOf(config.marketProcesses ?? new Map(), symbol) === entry;
  return remote && ((symbol) => remote.processOf(symbol) === undefined);
}

/**
 * A pair listed while running (an ICO token at its settlement) opens its market without a restart,
 * read from its committed `pair` row: here if it runs here, else reached where it runs.
 */
export function openAnnouncedPairs(pairs: PairOpenings, db: Queryable, open: (pair: Pair) => Promise<void>): void {
  pairs.onOpened(async ({ left, right }) => {
    const [pair] = (await listPairs(db)).filter((p) => p.left_symbol === left && p.right_symbol === right);
    if (pair) await open(pair);
  });
}

/** Pairs the demo's market makers leave alone (migration 015: `pair.simulated`). */
export async function unsimulatedPairs(db: Queryable): Promise<Set<string>> {
  const rows = await db.query<{ symbol: string }>(`select left_symbol || '_' || right_symbol as symbol from pair where not simulated`);
  return new Set(rows.map((r) => r.symbol));
}
