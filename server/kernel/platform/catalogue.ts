import type { Community, Currency, Pair, PlatConfig } from '../../../domain/api.js';
import { onCacheChange, remembered } from './caches.js';
import type { Queryable } from './db/database.js';
import { listingStatus } from './pairListing.js';

/**
 * The shared reference data every product reads: the platform configuration, currencies and pairs.
 * Only the platform product serves the configuration; the others read it (registration switches,
 * withdrawal limits).
 */

const CURRENCY_COLUMNS = `symbol, name, trim_scale(price)::text as price, recharge_turn, draw_turn, legal_status,
  trim_scale(circulating_supply)::text as circulating_supply`;

export async function listCurrencies(db: Queryable): Promise<Currency[]> {
  return db.query<Currency>(`select ${CURRENCY_COLUMNS} from currency order by sort, symbol`);
}

/**
 * The currencies the lists show (/api/currency_list): a delisted currency leaves them at its
 * announced end (issue 52 §1, the wallet's currency delisting), while its row stays for balances,
 * ledgers and histories — and in listCurrencies, which the markets build from.
 */
export async function listedCurrencies(db: Queryable): Promise<Currency[]> {
  return db.query<Currency>(
    `select ${CURRENCY_COLUMNS} from currency
     where delist_at_ms is null or delist_at_ms > extract(epoch from clock_timestamp()) * 1000 order by sort, symbol`,
  );
}

/**
 * The wire's two status figures of a pair (domain/api.ts `Pair`), each a product's listing row
 * (pairListing.ts): the public API kept the names it had when they were columns of `pair`.
 */
const WIRE_STATUSES = { trade_status: 'spot', contract_status: 'futures' } as const;

export async function listPairs(db: Queryable): Promise<Pair[]> {
  return db.query<Pair>(
    `select left_symbol, right_symbol, is_hot, ${listingStatus(WIRE_STATUSES.trade_status)} as trade_status,
            ${listingStatus(WIRE_STATUSES.contract_status)} as contract_status, price_precision, amount_precision,
            trim_scale(min_quantity)::text as min_quantity, trim_scale(min_notional)::text as min_notional, halted_reason, contract_halted_reason
     from pair order by sort, left_symbol, right_symbol`,
  );
}

/**
 * The platform's settings and community links, in ONE round trip: every page asks for them first,
 * also while the markets keep the database busy, and each round trip then waits its turn
 * (bench:pipeline's plat_config latency).
 */
export async function readPlatConfig(db: Queryable): Promise<PlatConfig> {
  const [row] = await db.query<{ config: PlatConfig['config'] | null; communities: Community[] | null }>(
    `select (select json_object_agg(key, value) from platform_config) as config,
            (select json_agg(json_build_object('name', name, 'logo', logo, 'link', link) order by sort, id) from community) as communities`,
  );
  return { communities: row?.communities ?? [], config: row?.config ?? ({} as PlatConfig['config']) };
}

/**
 * The caches (caches.ts) of the rows here: `pair` (a halt, a listing, a delisting, minimums) and
 * `platform_config` (with the communities). Whoever writes them announces it in the transaction.
 */
export const PAIRS_CACHE = 'pair';
export const PLATFORM_CONFIG_CACHE = 'platform_config';

const platformConfigs = new WeakMap<object, () => Promise<PlatConfig>>();

/**
 * The platform configuration from memory, read again after any process changes it (caches.ts):
 * every page asks for it first, and under the markets' load each read waited its turn for a
 * connection (issue 55 §3: plat_config p99 29–35 ms at 1,500 orders/s). Inside a transaction,
 * `readPlatConfig(tx)` reads the rows as that transaction sees them.
 */
export function platformConfig(db: Queryable): Promise<PlatConfig> {
  let read = platformConfigs.get(db);
  if (!read) platformConfigs.set(db, (read = remembered(db, PLATFORM_CONFIG_CACHE, () => readPlatConfig(db))));
  return read();
}

/** A pair that starts trading while the server runs. */
export interface OpenedPair {
  left: string;
  right: string;
}

/**
 * Pairs opened for trading at runtime (an ICO project's token listed at its settlement): the
 * product that adds the `pair` row announces it after its commit, and the product that runs the
 * markets, told through this hook at the composition root, opens the market without a restart.
 * Products never import each other; both only know this. A restart needs no announcement: the
 * markets are built from the `pair` table at start.
 */
export interface PairOpenings {
  /** After the commit that inserted the pair row. */
  announce(pair: OpenedPair): void;
  /** The market side: called for each announced pair, in order. */
  onOpened(listener: (pair: OpenedPair) => Promise<void> | void): void;
}

export function pairOpenings(log: (message: string, error: unknown) => void = () => undefined): PairOpenings {
  const listeners: Array<(pair: OpenedPair) => Promise<void> | void> = [];
  // A pair is opened once: the process that listed it announces it, and hears its own notice too (followListedPairs).
  const announced = new Set<string>();
  return {
    announce(pair) {
      const symbol = `${pair.left}_${pair.right}`;
      if (announced.has(symbol)) return;
      announced.add(symbol);
      for (const listener of listeners) {
        Promise.resolve()
          .then(() => listener(pair))
          .catch((error) => log(`opening the ${pair.left}_${pair.right} market failed`, error));
      }
    },
    onOpened(listener) {
      listeners.push(listener);
    },
  };
}

/**
 * Pairs listed by any process (an operator's listing through another node, an ICO settled where its
 * timer runs) announced here too, heard through the pairs' cache notice (caches.ts): each process's
 * products then open the market where it runs and reach it where it does not, without a restart.
 * Called by each composition root before its products read the pairs (those are not announced).
 */
export async function followListedPairs(db: Queryable & object, pairs: PairOpenings, log: (message: string, error: unknown) => void): Promise<() => void> {
  const symbolOf = (p: Pair) => `${p.left_symbol}_${p.right_symbol}`;
  const seen = new Set((await listPairs(db)).filter((p) => p.trade_status === 1).map(symbolOf));
  return onCacheChange(db, PAIRS_CACHE, () => {
    listPairs(db).then(
      (list) => {
        for (const pair of list) {
          if (pair.trade_status !== 1 || seen.has(symbolOf(pair))) continue;
          seen.add(symbolOf(pair));
          pairs.announce({ left: pair.left_symbol, right: pair.right_symbol });
        }
      },
      (error: unknown) => log('reading the pairs listed elsewhere failed', error),
    );
  });
}
