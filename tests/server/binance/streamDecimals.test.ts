import { describe, expect, it } from 'vitest';
import { SymbolFeed } from '../../../server/products/binance/streams/symbolFeed.js';
import { parseStream } from '../../../server/products/binance/streams/streamNames.js';

/**
 * The Binance streams compare prices and quantities as decimals (domain/decimal), not floats: two
 * prices a float cannot tell apart (huge ones, or of 18 places) still sort in their order.
 */
describe('Binance streams: exact decimals', () => {
  it('sorts book levels exactly: the best bid and ask of prices a float rounds together', () => {
    const events: Array<{ stream: string; payload: any }> = [];
    const snapshot = {
      channel: 'depth',
      kind: 'snapshot',
      seq: 7,
      // Number() reads each pair as one value; listed worst first, a float sort keeps that order.
      bids: [
        ['123456789012345678.1', '1'],
        ['123456789012345678.2', '2'],
      ],
      asks: [
        ['0.100000000000000002', '3'],
        ['0.100000000000000001', '4'],
      ],
    };
    const feed = new SymbolFeed('BTCUSDT', 'BTC', 'USDT', () => snapshot, (stream, payload) => events.push({ stream, payload }), () => 1);
    feed.add(parseStream('btcusdt@bookTicker')!);
    feed.add(parseStream('btcusdt@depth5')!);
    expect(events.at(-1)!.payload).toMatchObject({ b: '123456789012345678.2', B: '2', a: '0.100000000000000001', A: '4' });
    feed.interval(false);
    expect(events.at(-1)!.payload).toMatchObject({
      bids: [
        ['123456789012345678.2', '2'],
        ['123456789012345678.1', '1'],
      ],
      asks: [
        ['0.100000000000000001', '4'],
        ['0.100000000000000002', '3'],
      ],
    });
  });
});
