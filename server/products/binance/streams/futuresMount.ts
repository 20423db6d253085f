import { fxText } from '../../../../domain/fx.js';
import type { FuturesPosition } from '../../../../domain/futures/api.js';
import type { Database } from '../../../kernel/platform/db/database.js';
import type { Offers } from '../../../kernel/platform/offers.js';
import { futuresAsset } from '../futuresShapes.js';
import { binanceSymbol } from '../symbols.js';
import { ledgerCursors, ledgerSince, type LedgerBook } from './balanceUpdates.js';
import type { FuturesFill } from '../../../../domain/futures/api.js';
import type { StreamPosition } from './futuresEvents.js';
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

/** A position as ACCOUNT_UPDATE tells it: the amount signed by its side, the isolated margin as `iw`. */
function streamPosition(symbol: string, open: FuturesPosition | undefined, flat: { realised: bigint; mode: 'isolated' | 'cross' }): StreamPosition {
  if (!open) return { s: binanceSymbol(symbol), pa: '0', ep: '0', bep: '0', cr: fxText(flat.realised), up: '0', mt: flat.mode, iw: '0', ps: 'BOTH' };
  return {
    s: binanceSymbol(symbol),
    pa: open.side === -1 ? `-${open.quantity}` : open.quantity,
    ep: open.entry_price,
    bep: open.entry_price,
    cr: open.realised,
    up: open.unrealised_pnl,
    mt: open.margin_mode,
    iw: open.margin_mode === 'isolated' ? open.margin : '0',
    ps: 'BOTH',
  };
}

/**
 * The USDⓈ-M user data stream over the futures product's offer (its reads of orders, trades,
 * account and positions) and the ledger; without the offer on this process (futures run apart)
 * its keys are made and its connections held, and nothing is told.
 */
export function futuresStreamsOf(db: Database, offers: Offers, clientIdOf: (userId: number, id: number, createdMs: number) => Promise<string>) {
  const trading = () => offers.use('futuresTrading');
  return futuresUserStreams({
    store: listenKeyStore(db, 'futures'),
    followUser: (userId, listener) => offers.use('channels')?.followUser(userId, listener) ?? (() => undefined),
    clientIdOf: (userId, order) => clientIdOf(userId, order.id, order.created_ms),
    ordersById: async (userId, ids) => (await trading()?.service.streamReads.ordersById(userId, ids)) ?? [],
    fillsOf: async (userId, orderId, afterId) => {
      const reads = trading()?.service.streamReads;
      if (!reads) return [];
      const fills: FuturesFill[] = [];
      // Pages of a thousand, as far as a push can need (a market order that walked many levels).
      for (let page = 0, from = afterId; page < FILL_PAGES; page++) {
        const got = await reads.fillsAfter(userId, orderId, from, FILL_PAGE);
        fills.push(...got);
        if (got.length < FILL_PAGE) break;
        from = got.at(-1)!.id;
      }
      return fills;
    },
    wallet: async (userId) => {
      const offered = trading();
      if (!offered) return undefined;
      const asset = futuresAsset(await offered.service.account(userId), Date.now());
      return { wb: asset.walletBalance, cw: asset.crossWalletBalance };
    },
    positions: (userId, symbols) => {
      const offered = trading();
      if (!offered) return [];
      const open = offered.service.positions(userId);
      return symbols.map((symbol) => streamPosition(symbol, open.find((p) => p.symbol === symbol), offered.exchange.positionOf(userId, symbol)));
    },
    isolatedPositions: (userId) => {
      const offered = trading();
      if (!offered) return [];
      return offered.service
        .positions(userId)
        .filter((p) => p.margin_mode === 'isolated')
        .map((p) => streamPosition(p.symbol, p, offered.exchange.positionOf(userId, p.symbol)));
    },
    ledgerCursors: (userId) => ledgerCursors(db, userId, FUTURES_BOOK),
    ledgerSince: (userId, cursors, currencies) => ledgerSince(db, userId, cursors, currencies, FUTURES_BOOK),
  });
}
