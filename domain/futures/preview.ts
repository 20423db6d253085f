import type { LeverageBracket } from './brackets';
import type { FuturesAction, FuturesPosition, MarginMode } from './api';
import { fx, fxText, mulFx, divFx, roundFx, maxFx, type Fx } from '../fx';
import { feeOf, initialMargin, liquidationPrice, notionalOf } from './formulas';

/**
 * What an order would cost before it is sent (issue 37): the order form and its confirmation show
 * the same figures. An opening order puts up its initial margin and the taker fee (what the server
 * holds, §9); a close or reduce pays only the fee. The liquidation price is the position's after
 * the order fills at `price` — isolated: its margin; cross: the account's available balance after
 * the cost plus the position's margin (the account's other cross positions are left out, so it is
 * marked as an estimate on screen).
 */
export interface OrderPreview {
  margin: string;
  fee: string;
  cost: string;
  /** null for a close, for a long the wallet covers all the way down (no price liquidates it), or while the price or quantity is not a positive number. */
  liquidation: string | null;
}

const positive = (value: string | undefined): Fx | undefined => {
  if (value === undefined || !/^\d+(\.\d+)?$/.test(value)) return undefined;
  const v = fx(value);
  return v > 0n ? v : undefined;
};

export function orderPreview(i: {
  action: FuturesAction;
  price: string | undefined;
  quantity: string;
  leverage: number;
  mode: MarginMode;
  takerFee: string;
  brackets: readonly LeverageBracket[];
  available: string | undefined;
  position: Pick<FuturesPosition, 'side' | 'quantity' | 'entry_price' | 'margin'> | undefined;
}): OrderPreview | undefined {
  const price = positive(i.price);
  const quantity = positive(i.quantity);
  if (price === undefined || quantity === undefined) return undefined;
  const notional = notionalOf(quantity, price);
  const fee = roundFx(feeOf(notional, fx(i.takerFee)), 8, 'up');
  const side: 1 | -1 = i.action === 'open_long' || i.action === 'close_long' ? 1 : -1;
  const pos = i.position;
  const opening = (i.action === 'open_long' || i.action === 'open_short') && !(pos && pos.side === -side);
  if (!opening) return { margin: '0', fee: fxText(fee), cost: fxText(fee), liquidation: null };
  const margin = roundFx(initialMargin(notional, i.leverage), 8, 'up');
  const same = pos && pos.side === side ? pos : undefined;
  const heldQuantity = same ? fx(same.quantity) : 0n;
  const total = heldQuantity + quantity;
  const entry = divFx(mulFx(heldQuantity, same ? fx(same.entry_price) : 0n) + notional, total, 'down');
  const positionMargin = (same ? fx(same.margin) : 0n) + margin;
  const wallet = i.mode === 'isolated' ? positionMargin : maxFx(0n, (i.available ? fx(i.available) : 0n) - margin - fee) + positionMargin;
  const liquidation = liquidationPrice({ side, quantity: total, entry, walletBalance: wallet, brackets: i.brackets });
  // 0 means the wallet covers a long all the way down: there is no liquidation price to show.
  return { margin: fxText(margin), fee: fxText(fee), cost: fxText(margin + fee), liquidation: liquidation > 0n ? fxText(liquidation) : null };
}

/** An isolated position's liquidation price once `delta` USDT is added (positive) or removed (negative). */
export function liquidationAfterMargin(p: Pick<FuturesPosition, 'side' | 'quantity' | 'entry_price' | 'margin'>, delta: string, brackets: readonly LeverageBracket[]): string {
  return fxText(liquidationPrice({ side: p.side, quantity: fx(p.quantity), entry: fx(p.entry_price), walletBalance: fx(p.margin) + fx(delta), brackets }));
}
