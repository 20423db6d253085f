import { divFx, absFx, type Fx } from '../../../domain/fx.js';
import { DEFAULT_FUTURES_LEVERAGE, type MarginMode } from '../../../domain/futures/api.js';

/** One user's position on one pair (one-way mode), as held in memory between batches. */
export interface Position {
  userId: number;
  symbol: string;
  side: -1 | 0 | 1;
  quantity: Fx;
  /** Σ signed quantity × price of what is open: positive long, negative short. */
  cost: Fx;
  margin: Fx;
  mode: MarginMode;
  leverage: number;
  realised: Fx;
  openedMs: number | null;
}

export const positionKey = (userId: number, symbol: string) => `${userId}:${symbol}`;

export const flatPosition = (userId: number, symbol: string, leverage = DEFAULT_FUTURES_LEVERAGE, mode: MarginMode = 'cross'): Position => ({
  userId,
  symbol,
  side: 0,
  quantity: 0n,
  cost: 0n,
  margin: 0n,
  mode,
  leverage,
  realised: 0n,
  openedMs: null,
});

/** Entry price = |cost| ÷ quantity (0 when flat). */
export const entryPrice = (p: Position): Fx => (p.quantity > 0n ? divFx(absFx(p.cost), p.quantity, 'down') : 0n);

export const clonePosition = (p: Position): Position => ({ ...p });
