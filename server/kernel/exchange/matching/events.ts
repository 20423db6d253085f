import type { CancelReason, EngineEvent, EventSink, RejectReason, Side } from './types.js';

/**
 * The sink for callers that keep every event: appends each one to `out` as an `EngineEvent`
 * object, exactly what `OrderBookEngine.execute` returns. Each kind of event is built with the
 * same fields in the same order, so V8 gives all events of one kind one shape.
 */
export class EventList implements EventSink {
  constructor(readonly out: EngineEvent[]) {}

  accepted(orderId: number, accountId: number, side: Side, price: number, quantity: number): void {
    this.out.push({ type: 'accepted', orderId, accountId, side, price, quantity });
  }

  trade(makerOrderId: number, makerAccountId: number, takerOrderId: number, takerAccountId: number, takerSide: Side, price: number, quantity: number, makerDone: boolean): void {
    this.out.push({ type: 'trade', makerOrderId, makerAccountId, takerOrderId, takerAccountId, takerSide, price, quantity, makerDone });
  }

  cancelled(orderId: number, accountId: number, remaining: number, reason: CancelReason): void {
    this.out.push({ type: 'cancelled', orderId, accountId, remaining, reason });
  }

  rejected(orderId: number, accountId: number, reason: RejectReason): void {
    this.out.push({ type: 'rejected', orderId, accountId, reason });
  }
}
