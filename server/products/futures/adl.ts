import { CLOSE_BOOK_LEVELS } from '../../../domain/futures/api.js';
import { divFx, fxText, mulFx, type Fx } from '../../../domain/fx.js';
import { notionalOf, unrealisedPnl } from '../../../domain/futures/formulas.js';
import { FuturesOrderStatus as S } from '../../../domain/futures/orderStatus.js';
import type { Batch } from './batch.js';
import { closable, settleFill } from './engine/engine.js';
import type { FuturesMemory } from './memory.js';
import { tell } from './notices.js';
import type { OrderState } from './orderState.js';
import { fxToTicks, ticksToFx, lotsToFx, type FuturesPair } from './pairs.js';
import { entryPrice, type Position } from './positions.js';
import { cancelPlansOfFlat } from './store.js';

/**
 * Auto-deleveraging (docs/API.md "Closing, liquidation and the insurance fund"). A liquidation
 * whose close into the book would leave a deficit that the account (cross) and the insurance fund
 * together cannot pay is not sent to the book: the position is closed at its bankruptcy price
 * against the opposite positions of the pair, most profitable and most leveraged first, so the
 * liquidated margin covers the loss exactly and nobody's balance goes below zero.
 */

/**
 * What closing `quantity` of a position into the book (≤ 30 levels) would leave unpaid beyond its
 * margin, estimated from the book as it stands; 0 when the margin covers it. Liquidation fees are
 * capped at what is left, so they never make a deficit.
 */
export function bookCloseDeficit(mem: FuturesMemory, pos: Position, quantity: Fx): Fx {
  const pair = mem.pairs.get(pos.symbol)!;
  const book = mem.engines.get(pos.symbol)!.depth(CLOSE_BOOK_LEVELS);
  const levels = pos.side === 1 ? book.bids : book.asks;
  let left = quantity;
  let notional = 0n;
  for (const l of levels) {
    if (left <= 0n) break;
    const q = lotsToFx(pair, l.quantity) < left ? lotsToFx(pair, l.quantity) : left;
    notional += mulFx(q, ticksToFx(pair, l.price));
    left -= q;
  }
  const filled = quantity - left;
  if (filled <= 0n) return 0n;
  const cost = (pos.cost * filled) / pos.quantity;
  const margin = (pos.margin * filled) / pos.quantity;
  const deficit = -(margin + BigInt(pos.side) * notional - cost);
  return deficit > 0n ? deficit : 0n;
}

/**
 * The bankruptcy price of a position backed by `wallet` (isolated: its margin; cross: its margin
 * plus the account's available balance), on the pair's tick and rounded in the liquidated
 * account's favour, so closing there leaves wallet + PnL ≥ 0. Undefined if it is not positive.
 */
export function bankruptcyTick(pair: FuturesPair, pos: Position, wallet: Fx): Fx | undefined {
  // Long: q × P − cost + wallet ≥ 0 → P ≥ (cost − wallet) ÷ q; short: −q × P − cost + wallet ≥ 0 → P ≤ (wallet − cost) ÷ q.
  const raw = pos.side === 1 ? divFx(pos.cost - wallet, pos.quantity, 'up') : divFx(wallet - pos.cost, pos.quantity, 'down');
  if (raw <= 0n) return undefined;
  const ticks = fxToTicks(pair, raw, pos.side === 1 ? 'up' : 'down');
  return ticks > 0 ? ticksToFx(pair, ticks) : undefined;
}

export interface AdlCandidate {
  position: Position;
  /** ROE at the mark × effective leverage (notional at the mark ÷ margin): the ranking key. */
  score: Fx;
  /** What may be deleveraged: the position minus what its open close orders hold. */
  closable: Fx;
}

/**
 * The opposite positions of a pair in ADL order: only those in profit at the deleveraging price
 * (so closing them there never costs them), ranked by ROE × effective leverage at the mark,
 * highest first (ties: the older account first).
 */
export function adlQueue(mem: FuturesMemory, b: Batch, symbol: string, side: 1 | -1, price: Fx, exclude: number): AdlCandidate[] {
  const mark = mem.marks.get(symbol)?.mark ?? price;
  const out: AdlCandidate[] = [];
  const seen = new Set<number>();
  for (const stored of [...b.positions.values(), ...mem.positions.values()]) {
    if (stored.symbol !== symbol || stored.userId === exclude || seen.has(stored.userId)) continue;
    seen.add(stored.userId);
    const p = b.peekPosition(stored.userId, symbol)!;
    if (p.side !== -side || p.quantity <= 0n || p.margin <= 0n) continue;
    const pSide = p.side as 1 | -1;
    const entry = entryPrice(p);
    if (unrealisedPnl(pSide, p.quantity, entry, price) <= 0n) continue;
    const room = closable(b, p);
    if (room <= 0n) continue;
    const roe = divFx(unrealisedPnl(pSide, p.quantity, entry, mark), p.margin, 'down');
    const leverage = divFx(notionalOf(p.quantity, mark), p.margin, 'down');
    out.push({ position: p, score: mulFx(roe, leverage, 'down'), closable: room });
  }
  return out.sort((a, c) => (a.score === c.score ? a.position.userId - c.position.userId : a.score > c.score ? -1 : 1));
}

/**
 * Closes what it can of a bankrupt position against the ADL queue at its bankruptcy price: one
 * liquidation order for the liquidated account and one `adl` close order per counterparty, filled
 * against each other (no book, no market trade). Returns the quantity deleveraged; what the queue
 * could not take stays open and is tried again at the next mark update.
 */
export async function deleverage(mem: FuturesMemory, b: Batch, pos: Position, now: number): Promise<Fx> {
  const pair = mem.pairs.get(pos.symbol)!;
  const side = pos.side as 1 | -1;
  const wallet = pos.margin + (pos.mode === 'cross' ? b.books.available(pos.userId) : 0n);
  const price = bankruptcyTick(pair, pos, wallet);
  if (price === undefined) return 0n;
  let left = closable(b, pos);
  const matches: Array<{ counterparty: Position; quantity: Fx }> = [];
  for (const c of adlQueue(mem, b, pos.symbol, side, price, pos.userId)) {
    if (left <= 0n) break;
    const q = c.closable < left ? c.closable : left;
    matches.push({ counterparty: c.position, quantity: q });
    left -= q;
  }
  const total = matches.reduce((s, m) => s + m.quantity, 0n);
  if (total === 0n) return 0n;
  await b.books.lock(matches.map((m) => m.counterparty.userId));
  const liquidation = await closeOrder(mem, b, pair, pos, total, 'liquidation', price, now);
  for (const m of matches) {
    const adl = await closeOrder(mem, b, pair, b.position(m.counterparty.userId, pos.symbol), m.quantity, 'adl', price, now);
    const taker = settleFill(b, mem.accounts, liquidation, price, m.quantity, false, now);
    const maker = settleFill(b, mem.accounts, adl, price, m.quantity, true, now);
    b.trades.push({
      symbol: pos.symbol, price, quantity: m.quantity, takerSide: side === 1 ? 'sell' : 'buy', makerOrderId: adl.id, takerOrderId: liquidation.id, time: now,
      priceTicks: fxToTicks(pair, price), lots: Number(m.quantity / pair.lotFx), adl: true, maker, taker,
    });
    if (b.position(m.counterparty.userId, pos.symbol).side === 0) await cancelPlansOfFlat(mem.plans, b, m.counterparty.userId, pos.symbol, now);
    // The counterparty did nothing: it is told why its position shrank, in the batch's transaction.
    await tell(b, m.counterparty.userId, { kind: 'futures_adl', params: { symbol: pos.symbol.replace('_', '/'), quantity: fxText(m.quantity), price: fxText(price) } });
  }
  if (b.position(pos.userId, pos.symbol).side === 0) await cancelPlansOfFlat(mem.plans, b, pos.userId, pos.symbol, now);
  mem.stats.deleveraged += 1;
  return total;
}

/**
 * A close order of `quantity` at `price` for a position, before its fills (they end it all traded):
 * named from the exchange's ids like every other order, so ids keep the order they were placed in,
 * and written with the batch (Batch.write).
 */
async function closeOrder(mem: FuturesMemory, b: Batch, pair: FuturesPair, pos: Position, quantity: Fx, source: 'liquidation' | 'adl', price: Fx, now: number): Promise<OrderState> {
  const action = pos.side === 1 ? 'close_long' : 'close_short';
  const [id] = await mem.orderIds.take(1, b.tx);
  const order: OrderState = {
    id: id!, userId: pos.userId, symbol: pos.symbol, action, type: 'limit', price, holdPrice: null, holdRate: 0n, quantity, filled: 0n, filledValue: 0n,
    leverage: pos.leverage, mode: pos.mode, held: 0n, fee: 0n, profit: 0n, status: S.entrusted, storedStatus: S.entrusted, source,
    triggerPrice: null, note: source === 'adl' ? 'auto-deleveraged' : null, createdMs: now, updatedMs: now, isNew: true, unwritten: true,
  };
  b.addOrder(order);
  return order;
}
