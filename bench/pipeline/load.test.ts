import { describe, expect, it } from 'vitest';
import { now, openLoop } from './load.js';

describe('the open loop of bench:pipeline', () => {
  it('sends request i at i / rate, and counts an instant answer as (nearly) no latency', async () => {
    // 4 a second: a request sent one interval late (as before the fix) shows as ≥ 250 ms.
    const sentAt: number[] = [];
    const t0 = now();
    const step = await openLoop(4, 1, async (i) => {
      sentAt[i] = now() - t0;
      return { kind: 'ok' };
    });
    expect(step.sent).toBe(4);
    // Not before its time, and not a whole interval after it (as before the fix); generous for a busy machine.
    sentAt.forEach((at, i) => {
      expect(at, `request ${i}`).toBeGreaterThanOrEqual(i * 250 - 1);
      expect(at, `request ${i}`).toBeLessThan(i * 250 + 150);
    });
    // Generous for a busy machine; the old off-by-one made every latency ≥ 250 ms.
    expect(step.p50).toBeLessThan(150);
  });
});
