/**
 * Futures order statuses (spec §4) and the one table of allowed moves, shared by the server (every
 * update is guarded by the status it leaves, taken from here) and the client (labels, which rows
 * may still be cancelled).
 */
export const FuturesOrderStatus = {
  entrusted: 0,
  submitted: 1,
  partiallyTraded: 2,
  allTraded: 3,
  cancelling: 4,
  cancelled: 5,
  invalid: 6,
} as const;
export type FuturesOrderStatus = (typeof FuturesOrderStatus)[keyof typeof FuturesOrderStatus];

const S = FuturesOrderStatus;

/** From → the statuses it may move to. Terminal statuses move nowhere. */
export const FUTURES_ORDER_TRANSITIONS: Readonly<Record<FuturesOrderStatus, readonly FuturesOrderStatus[]>> = {
  [S.entrusted]: [S.submitted, S.partiallyTraded, S.allTraded, S.cancelled, S.invalid],
  [S.submitted]: [S.partiallyTraded, S.allTraded, S.cancelling, S.cancelled],
  [S.partiallyTraded]: [S.partiallyTraded, S.allTraded, S.cancelling, S.cancelled],
  [S.cancelling]: [S.cancelled, S.allTraded],
  [S.allTraded]: [],
  [S.cancelled]: [],
  [S.invalid]: [],
};

export const canMove = (from: FuturesOrderStatus, to: FuturesOrderStatus): boolean => FUTURES_ORDER_TRANSITIONS[from].includes(to);

/** The statuses a move to `to` may leave (the guard of the server's update). */
export const statusesLeadingTo = (to: FuturesOrderStatus): FuturesOrderStatus[] =>
  (Object.keys(FUTURES_ORDER_TRANSITIONS).map(Number) as FuturesOrderStatus[]).filter((from) => canMove(from, to));

/** Open: still on the book or about to be (holds margin, may be cancelled). */
export const OPEN_ORDER_STATUSES: readonly FuturesOrderStatus[] = [S.entrusted, S.submitted, S.partiallyTraded, S.cancelling];

export const isFinal = (s: FuturesOrderStatus): boolean => FUTURES_ORDER_TRANSITIONS[s].length === 0;

/** The status an order has after matching: what it filled of its quantity and whether it still rests. */
export function statusAfterFill(filled: bigint, quantity: bigint, resting: boolean): FuturesOrderStatus {
  if (filled >= quantity) return S.allTraded;
  if (resting) return filled > 0n ? S.partiallyTraded : S.submitted;
  return S.cancelled;
}

/** Plan (TP/SL) order statuses. */
export const PlanStatus = { waiting: 1, triggered: 2, cancelled: 3, failed: 4 } as const;
export type PlanStatus = (typeof PlanStatus)[keyof typeof PlanStatus];
