import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config.js';
import type { PairOpenings } from './catalogue.js';
import type { Database } from './db/database.js';
import type { ProductSeed } from './db/seed/index.js';
import type { AccountRules, AccountRuleSet, WalletAccountDeclaration } from './ledger/accountRules.js';
import type { LedgerHoldings } from './ledger/ledgerAudit.js';
import type { SystemAccount, SystemAccountFamily } from './ledger/systemAccounts.js';
import type { ListedPair } from './realtime/channels.js';
import type { Offers } from './offers.js';
import type { UserFeed } from './realtime/userFeed.js';

/**
 * What every product gets from the kernel: configuration, the database (and with it the ledger,
 * idempotency and sessions, which are functions over it), the private user channel's feed, and a
 * log. Products never reach into each other; the kernel never imports a product.
 */
export interface Kernel {
  config: ServerConfig;
  db: Database;
  /** Tell it, after a commit, whose balances and orders changed (the private user channel). */
  userFeed: UserFeed;
  /** What products that keep positions on a wallet account say about it (kernel/platform/ledger/accountRules.ts). */
  accounts: AccountRules;
  /** Pairs opened for trading while the server runs: one product announces, the markets' product opens them (kernel/platform/catalogue.ts). */
  pairs: PairOpenings;
  /** Pushes a payload to a public realtime channel's subscribers (dropped before the gateway is up). */
  publish(channel: string, payload: object): void;
  log: {
    info(line: string): void;
    error(message: string, error: unknown): void;
  };
  /**
   * Markets that run in market processes (kernel/cluster/shards; MARKET_PROCESSES), reached over the bus.
   * Absent when this process runs every market it has, and in a market process itself.
   */
  remoteMarkets?: RemoteMarkets;
  /**
   * Use cases products offer each other (kernel/platform/offers.ts): spot's and futures' trading and the API
   * keys' check for the Binance dialect. Absent where nothing uses them (market processes, fronts).
   */
  offers?: Offers;
}

export interface RemoteMarkets {
  /** The market process that runs `symbol` ("BTC_USDT"), if one does. */
  processOf(symbol: string): string | undefined;
  /** Sends a command to the process that runs `market`; answers what it answered (MarketUnavailable when it could not). */
  call(market: string, command: unknown): Promise<unknown>;
}

/** A product's log line: a message and, for a failure, its error. */
export type ProductLog = (message: string, error?: unknown) => void;

/**
 * What a product's own `create<Product>(options)` takes besides its options (its definition passes
 * the kernel's; tests, benches and crash tests their own): the database, the private channel's
 * feed, a clock and a log. `withProductDefaults` fills in the wall clock and a silent log.
 */
export interface ProductDeps {
  db: Database;
  feed: UserFeed;
  clock?: () => number;
  log?: ProductLog;
}

export function withProductDefaults<O extends ProductDeps>(options: O): O & Required<Pick<ProductDeps, 'clock' | 'log'>> {
  return { ...options, clock: options.clock ?? Date.now, log: options.log ?? (() => undefined) };
}

/** What a product brings to the running server. Every part is optional. */
export interface ProductParts {
  /** Its HTTP routes: a fastify plugin registered inside the kernel's request context, auth and error handling. */
  routes?: (app: FastifyInstance) => Promise<void>;
  /** Before the server listens (load books, seed history, ensure accounts). */
  prepare?(): Promise<void>;
  /** After the server listens (timers, market makers, block production). */
  start?(): Promise<void>;
  /**
   * The timed work over the database alone that one process of a cluster runs at a time (daily
   * runs, settlement, block production, delistings): started, after every part's start, on the
   * process that holds the `duties` lease (kernel/cluster/shards/duties.ts); ended by `stop`.
   */
  duties?(): Promise<void>;
  /** On shutdown, in reverse product order, before the database closes. */
  stop?(): Promise<void>;
  /** A fresh snapshot for a realtime channel it owns (depth, trades, candles); undefined for channels it does not own. */
  snapshot?(channel: string): object | undefined;
  /**
   * In a market process: carries out a command the server sent for one of this product's markets
   * (kernel/cluster/shards); undefined if the market is not this product's or does not run here.
   */
  command?(market: string, command: unknown): Promise<unknown> | undefined;
}

export interface ServerProduct {
  /** One word, the same as its folder under server/products and its feature under src/features. */
  id: string;
  /**
   * It can run in a process apart from the server (MARKET_PROCESSES `f1=futures`; docs/ARCHITECTURE.md
   * "Scale-out: product processes"): everything it keeps in memory is its own, and all its HTTP
   * routes are under `paths`, which the server and the fronts send to that process.
   */
  apart?: {
    paths: readonly string[];
    /**
     * How a call to `path` is refused when its holder could not be asked (nothing done) or did not
     * answer (maybe done), where the product's callers expect another shape than the envelope's (the
     * Binance dialect's bots: HTTP 503 with Binance's code); undefined: the envelope's own refusal.
     */
    refusal?: (path: string, maybeDone: boolean) => { status: number; body: object } | undefined;
  };
  /**
   * Rules for the wallet accounts whose funds back its positions (futures: `contract`): how much
   * may leave, what the positions are worth. Static, so they apply wherever the product runs.
   */
  accounts?: AccountRuleSet;
  /**
   * The wallet accounts it keeps funds in (its `ledger.kinds`), with their places among the wallet's:
   * the wallet's transfers, valuations and corrections admit them (`kernel.accounts.kinds`).
   */
  walletAccounts?: readonly WalletAccountDeclaration[];
  /** What the ledger and its audit need to know of it: account kinds, held funds, its own checks and platform accounts. */
  ledger?: ProductLedger;
  /**
   * Its public realtime channels for a listed pair (spot: tick, depth, trades, candles), so the
   * gateway admits subscribers to them; empty for a pair it does not trade.
   */
  channels?(pair: ListedPair): string[];
  /**
   * Reference rows it needs in every database (support: the help centre's articles), written after
   * the migrations in the seed's transaction, never over an operator's edits;
   * the database counts as prepared once every product's seed has run (kernel/platform/db/open.ts).
   */
  seed?: ProductSeed;
  create(kernel: Kernel): ProductParts | Promise<ProductParts>;
}

/** A product's ledger declaration (server/products/<product>/ledger.ts). */
export interface ProductLedger extends LedgerHoldings {
  /** The platform's accounts it books against (a house, a pool, one per project); never renamed. */
  systemAccounts?: ReadonlyArray<SystemAccount | SystemAccountFamily>;
}

/** Declares a product module; see docs/ARCHITECTURE.md "Adding a product". */
export const defineProduct = (product: ServerProduct): ServerProduct => product;

/** The first answer the running products give (a channel's snapshot, a command's outcome), in product order. */
export function firstAnswer<T>(parts: readonly ProductParts[], ask: (part: ProductParts) => T | undefined): T | undefined {
  for (const part of parts) {
    const answer = ask(part);
    if (answer) return answer;
  }
  return undefined;
}
