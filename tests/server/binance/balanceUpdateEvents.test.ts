import { describe, expect, it } from 'vitest';
import { balanceUpdates, type LedgerRow } from '../../../server/products/binance/streams/balanceUpdates.js';

/**
 * The `balanceUpdate`s of spot ledger entries read after a stream's cursors: one per reference and
 * transaction (a deposit less its fee is one credit), the available balance's delta as a decimal
 * string, none for a change that leaves it alone (a withdrawal sent out), and the cursors moved past
 * every row, the trades' last entry too.
 */
const row = (id: number, currency: string, refType: string, refId: number | null, delta: string, stamp = `${id}000`, told = true): LedgerRow => ({
  id,
  currency,
  ref_type: refType,
  ref_id: refId,
  delta,
  stamp,
  at: Number(stamp) / 1000,
  told,
});

describe('balanceUpdate events from ledger entries', () => {
  it('merges a reference within its transaction, keeps others apart, skips a zero delta, and moves the cursors', () => {
    const cursors = new Map([['USDT', 3]]);
    const events = balanceUpdates(
      [
        row(4, 'USDT', 'deposit', 7, '100.5', '9000'),
        row(5, 'USDT', 'deposit', 7, '-0.5', '9000'),
        row(6, 'BTC', 'withdrawal', 2, '-0.000000000000000001'),
        // Its sending out moves only the frozen part: nothing for the available balance.
        row(8, 'BTC', 'withdrawal', 2, '0'),
        // The same reference in another transaction (a refund) is a movement of its own.
        row(9, 'USDT', 'withdrawal', 3, '-21', '10000'),
        row(10, 'USDT', 'withdrawal', 3, '21', '11000'),
        row(12, 'USDT', 'spot_trade', 40, '3000', '12000', false),
      ],
      cursors,
      77,
    );
    expect(events).toEqual([
      { e: 'balanceUpdate', E: 77, a: 'USDT', d: '100', T: 9 },
      { e: 'balanceUpdate', E: 77, a: 'BTC', d: '-0.000000000000000001', T: 6 },
      { e: 'balanceUpdate', E: 77, a: 'USDT', d: '-21', T: 10 },
      { e: 'balanceUpdate', E: 77, a: 'USDT', d: '21', T: 11 },
    ]);
    expect(cursors).toEqual(new Map([['USDT', 12], ['BTC', 8]]));
    // Entries without a reference id are never merged.
    expect(balanceUpdates([row(20, 'ETH', 'test', null, '1', '5000'), row(21, 'ETH', 'test', null, '2', '5000')], cursors, 1).map((e) => (e as { d: string }).d)).toEqual(['1', '2']);
  });
});
