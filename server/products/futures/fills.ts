import { FuturesOrderStatus as S } from '../../../domain/futures/orderStatus.js';
import type { MarketData } from '../../kernel/exchange/marketData.js';
import type { EngineEvent } from '../../kernel/exchange/matching/types.js';
import type { Batch } from './batch.js';
import { settleEnd, settleFill } from './engine/engine.js';
import { realisedBy, type FuturesAccounts, type UserRates } from './engine/fill.js';
import { feeRatesFor, scheduleRateOf } from '../../kernel/platform/fees/feeRates.js';
import { fx, fxText, type Fx } from '../../../domain/fx.js';
import type { Queryable } from '../../kernel/platform/db/database.js';
import { lotsToFx, ticksToFx, type FuturesPair } from './pairs.js';

export type { FuturesAccounts } from './engine/fill.js';

/**
 * The settle stage of a command: carries what the book did (its events) into the batch through
 * the engine's pure settle steps (engine/engine.ts: fills move positions and money, cancels and
 * refusals give back what an order still holds). Its I/O comes first: every account the events
 * name is locked, and the traders' fee rates read, before anything is settled.
 */
export async function applyEvents(b: Batch, pair: FuturesPair, data: MarketData, accounts: FuturesAccounts, events: EngineEvent[], now: number): Promise<void> {
  const users = new Set<number>();
  for (const e of events) {
    if (e.type === 'trade') users.add(e.makerAccountId).add(e.takerAccountId);
    else users.add(e.accountId);
  }
  await b.books.lock(users);
  const rates = events.some((e) => e.type === 'trade') ? await contractRates(accounts, b.tx, pair.spec.symbol, [...users], now) : undefined;
  for (const e of events) {
    if (e.type === 'trade') {
      const price = ticksToFx(pair, e.price);
      const quantity = lotsToFx(pair, e.quantity);
      const makerOrder = b.order(e.makerOrderId)!;
      const takerOrder = b.order(e.takerOrderId)!;
      const settleMaker = () => settleFill(b, accounts, makerOrder, price, quantity, true, now, rates?.get(e.makerAccountId));
      const settleTaker = () => settleFill(b, accounts, takerOrder, price, quantity, false, now, rates?.get(e.takerAccountId));
      // The side that realises less settles first: the pool holds the margins, and two closes that
      // meet must not have the winner take its profit (the loser's margin) before the loser's loss
      // is booked and its margin freed — the loser's close was refused when the pool held nothing else.
      const takerFirst = realisedBy(takerOrder, b.position(takerOrder.userId, takerOrder.symbol), price, quantity) < realisedBy(makerOrder, b.position(makerOrder.userId, makerOrder.symbol), price, quantity);
      const taker = takerFirst ? settleTaker() : undefined;
      const maker = settleMaker();
      const takerCharge = taker ?? settleTaker();
      b.trades.push({ symbol: pair.spec.symbol, price, quantity, takerSide: e.takerSide, makerOrderId: e.makerOrderId, takerOrderId: e.takerOrderId, time: now, priceTicks: e.price, lots: e.quantity, maker, taker: takerCharge });
      const changed = b.candles.get(pair.spec.symbol) ?? new Map();
      for (const c of data.addTrade(now, e.price, e.quantity)) changed.set(c.interval, c);
      b.candles.set(pair.spec.symbol, changed);
    } else if (e.type === 'cancelled' || e.type === 'rejected') {
      const o = b.order(e.orderId);
      if (o) settleEnd(b, o, e.type === 'rejected' ? S.invalid : S.cancelled, now);
    }
  }
}

/**
 * Each user's own rates in the contract (issue 52 §2), from the kernel's rate cache (keyed by the
 * exchange's accounts: one per process). A rebate (a negative maker rate) the futures books do
 * not pay yet: the desk refuses one for futures, and a maker rate below zero counts as zero here.
 */
async function contractRates(accounts: FuturesAccounts, q: Queryable, symbol: string, users: number[], now: number): Promise<Map<number, UserRates>> {
  const rates = await feeRatesFor(accounts, q, 'futures', symbol, users, now);
  const out = new Map<number, UserRates>();
  for (const [id, r] of rates) {
    const maker = fx(r.maker);
    out.set(id, { maker: maker < 0n ? 0n : maker, taker: fx(r.taker) });
  }
  return out;
}

/**
 * The taker rate an opening order of `userId` holds its fee at (rules.ts openingHold): their own,
 * from the lookup the fills charge with (a map read once the user is held); market makers nothing.
 */
export async function holdRateOf(accounts: FuturesAccounts, q: Queryable, symbol: string, userId: number, now: number): Promise<Fx> {
  if (accounts.makers.has(userId)) return 0n;
  return (await contractRates(accounts, q, symbol, [userId], now)).get(userId)!.taker;
}

/** What the contract's schedule charges at tier 0 with no override, as text (the signed-out config), by the fills' rules. */
export async function scheduleRates(accounts: FuturesAccounts, q: Queryable, symbol: string, now: number): Promise<{ maker: string; taker: string }> {
  const r = await scheduleRateOf(accounts, q, 'futures', symbol, now);
  const maker = fx(r.maker);
  return { maker: fxText(maker < 0n ? 0n : maker), taker: fxText(fx(r.taker)) };
}

/**
 * What one user would pay in the contract now, as text (the order form's fee preview, its maximum
 * and liquidation estimate): the same lookup and rules the fills charge with, market makers nothing.
 */
export async function ownRates(accounts: FuturesAccounts, q: Queryable, symbol: string, userId: number, now: number): Promise<{ maker: string; taker: string }> {
  if (accounts.makers.has(userId)) return { maker: '0', taker: '0' };
  const rates = (await contractRates(accounts, q, symbol, [userId], now)).get(userId)!;
  return { maker: fxText(rates.maker), taker: fxText(rates.taker) };
}
