import { describe, expect, it } from 'vitest';
import { secondsIndexChannel } from '../../../domain/seconds.js';
import { useSeconds } from './harness.js';

/**
 * Issue 50 S2: the contract cards followed the last trade, not the index they settle on. Each
 * second's recorded index goes out on `{pair}_sec_index_tick` (price and draw band), and a new
 * subscriber's snapshot is the latest one.
 */
const t = useSeconds();

describe('the seconds index channel', () => {
  it('carries each recorded second: its price, band and second', async () => {
    const second = t.pricedAt('96000', 300);
    await t.product.scheduler.runOnce();
    const tick = t.product.parts.snapshot!(secondsIndexChannel('BTC', 'USDT'));
    expect(tick).toMatchObject({ pair: 'BTC_USDT', close: '96000', second });
    expect(Number((tick as { band: string }).band)).toBeGreaterThan(0);
  });
});
