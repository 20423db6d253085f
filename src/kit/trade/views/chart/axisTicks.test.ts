import { describe, expect, it } from 'vitest';
import { ticksInside } from './axisTicks';

const tick = (coord: number, text: string) => ({ coord, text, value: coord });
const sixPerChar = (text: string) => text.length * 6;

describe('time axis labels', () => {
  it('drops a label that would be drawn cut at either edge, keeps the ones that fit', () => {
    const ticks = [tick(10, '16:40'), tick(200, '16:50'), tick(395, '17:00'), tick(598, '17:10')];
    // 30 px wide labels: 10 − 15 < 0 and 598 + 15 > 600 do not fit.
    expect(ticksInside(ticks, 600, sixPerChar).map((t) => t.text)).toEqual(['16:50', '17:00']);
  });

  it('keeps a label that ends exactly at the edge', () => {
    expect(ticksInside([tick(585, '17:10')], 600, sixPerChar)).toHaveLength(1);
  });
});
