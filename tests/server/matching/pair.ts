/** Helpers for tests that run the fast and reference engines side by side on hand-written commands. */
import { expect } from 'vitest';
import { FastEngine } from '../../../server/kernel/exchange/matching/fast.js';
import { ReferenceEngine } from '../../../server/kernel/exchange/matching/reference.js';
import type { Command, EngineEvent, PlaceCommand, SelfTradePrevention, Side, TimeInForce } from '../../../server/kernel/exchange/matching/types.js';

export const limit = (orderId: number, accountId: number, side: Side, price: number, quantity: number, tif: TimeInForce = 'GTC', stp: SelfTradePrevention = 'cancelTaker'): PlaceCommand => ({
  kind: 'place',
  orderId,
  accountId,
  side,
  type: 'limit',
  price,
  quantity,
  tif,
  stp,
});
export const cancel = (orderId: number, accountId: number): Command => ({ kind: 'cancel', orderId, accountId });

/** Both engines side by side; `run` returns the fast engine's events after checking they and the books agree. */
export function pair() {
  const reference = new ReferenceEngine();
  const fast = new FastEngine();
  return {
    fast,
    run(command: Command): EngineEvent[] {
      const expected: EngineEvent[] = [];
      const actual: EngineEvent[] = [];
      reference.execute(command, expected);
      fast.execute(command, actual);
      expect(actual).toEqual(expected);
      expect(fast.orders()).toEqual(reference.orders());
      expect(fast.depth(1_000)).toEqual(reference.depth(1_000));
      return actual;
    },
  };
}

