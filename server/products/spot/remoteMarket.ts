import type { PairSpec } from '../../kernel/exchange/pairSpec.js';
import type { PlaceIntent } from './pipeline/intake.js';
import type { CancelOutcome, CancelRestriction, PlaceOutcome, SpotMarket } from './spotMarket.js';

/** What the order calls need of a market (trading.ts): one running here, or a remoteSpotMarket (no `priceBand`: SpotTrading.check asks no other process). */
export type TradableMarket = Pick<SpotMarket, 'spec' | 'placeIntent' | 'cancel' | 'restingOwner'> & Partial<Pick<SpotMarket, 'priceBand'>>;

/** A spot market's commands as they cross the bus to the process that runs it. */
export type SpotCommand = { op: 'place'; intent: PlaceIntent } | { op: 'cancel'; userId: number; orderId: number; restriction?: CancelRestriction };

/** A market held by another process (docs/ARCHITECTURE.md "Scale-out: market processes"): place and cancel go there as commands. No book here (`restingOwner` knows no order): a cancel is routed by the order's row (trading.ts). */
export const remoteSpotMarket = (spec: PairSpec, call: (market: string, command: SpotCommand) => Promise<unknown>): TradableMarket => ({
  spec,
  placeIntent: (intent) => call(spec.symbol, { op: 'place', intent }) as Promise<PlaceOutcome>,
  cancel: (userId, orderId, restriction) => call(spec.symbol, { op: 'cancel', userId, orderId, ...(restriction ? { restriction } : {}) }) as Promise<CancelOutcome>,
  restingOwner: () => undefined,
});

/** The holder's side; undefined for a market it does not run. The engine's events stay here (the order calls read only the outcome). */
export function runSpotCommand(market: SpotMarket | undefined, command: unknown): Promise<PlaceOutcome | CancelOutcome> | undefined {
  if (!market) return undefined;
  const c = (command ?? {}) as Partial<{ op: string; intent: PlaceIntent; userId: number; orderId: number; restriction: unknown }>;
  if (c.op === 'place' && c.intent && typeof c.intent === 'object') {
    return market.placeIntent(c.intent).then((outcome) => (outcome.ok ? { ...outcome, events: [] } : outcome));
  }
  if (c.op === 'cancel' && Number.isSafeInteger(c.userId) && Number.isSafeInteger(c.orderId)) {
    if (c.restriction === undefined) return market.cancel(c.userId!, c.orderId!);
    const r = c.restriction as Partial<CancelRestriction> | null;
    if (r && (r.only === 'new' || r.only === 'partial') && Number.isSafeInteger(r.quantity)) return market.cancel(c.userId!, c.orderId!, { only: r.only, quantity: r.quantity! });
  }
  return Promise.reject(new Error(`not a spot command: ${JSON.stringify(command)?.slice(0, 200)}`));
}
