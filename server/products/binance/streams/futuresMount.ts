import type { Database } from '../../../kernel/platform/db/database.js';
import type { Offers } from '../../../kernel/platform/offers.js';
import type { RemoteMarkets } from '../../../kernel/platform/product.js';
import { ledgerCursors, ledgerSince, type LedgerBook } from './balanceUpdates.js';
import type { FuturesFill } from '../../../../domain/futures/api.js';
import { futuresStreamReads } from './futuresReads.js';
import { listenKeyStore } from './listenKeys.js';
import { futuresUserStreams } from './futuresStreams.js';

/**
 * The futures account's ledger references that are trading, told by ORDER_TRADE_UPDATE and
 * ACCOUNT_UPDATE (reason ORDER), never as a movement: an order's holds, margin, realised profit,
 * fees and the insurance fund's part in a close (all `futures_order`), a position's margin moved by
 * hand (`futures_position`), and a market maker's folded history.
 */
// Orders' entries are told by ORDER_TRADE_UPDATE and its ACCOUNT_UPDATE; an isolated margin's change
// (`futures_position`) is a movement of its own, told as MARGIN_TRANSFER.
const FUTURES_BOOK: LedgerBook = { account: 'contract', trading: ['futures_order', 'ledger_fold'] };
const FILL_PAGE = 1000;
const FILL_PAGES = 10;

/**
 * The USDⓈ-M user data stream over the futures engine's reads (its orders, trades, account and
 * positions: futuresReads.ts) and the ledger. Where futures runs apart (`remote`: MARKET_PROCESSES,
 * a cluster node) the engine's reads are its holder's, over the bus; the pushes reach every node
 * (the holder's notices on the sockets stream), so a connection on any node is told.
 */
export function futuresStreamsOf(db: Database, offers: Offers, remote: RemoteMarkets | undefined, clientIdOf: (userId: number, id: number, createdMs: number) => Promise<string>) {
  const reads = futuresStreamReads(offers, remote);
  return futuresUserStreams({
    store: listenKeyStore(db, 'futures'),
    followUser: (userId, listener) => offers.use('channels')?.followUser(userId, listener) ?? (() => undefined),
    clientIdOf: (userId, order) => clientIdOf(userId, order.id, order.created_ms),
    ordersById: (owner, ids) => reads.ordersById(owner, ids),
    fillsOf: async (owner, orderId, afterId) => {
      const fills: FuturesFill[] = [];
      // Pages of a thousand, as far as a push can need (a market order that walked many levels).
      for (let page = 0, from = afterId; page < FILL_PAGES; page++) {
        const got = await reads.fillsAfter(owner, orderId, from, FILL_PAGE);
        fills.push(...got);
        if (got.length < FILL_PAGE) break;
        from = got.at(-1)!.id;
      }
      return fills;
    },
    wallet: (owner) => reads.wallet(owner),
    positions: (owner, symbols) => reads.positions(owner, symbols),
    isolatedPositions: (owner) => reads.isolatedPositions(owner),
    ledgerCursors: (userId) => ledgerCursors(db, userId, FUTURES_BOOK),
    ledgerSince: (userId, cursors, currencies) => ledgerSince(db, userId, cursors, currencies, FUTURES_BOOK),
  });
}
