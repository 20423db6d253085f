import { describe, expect, it } from 'vitest';
import { candleGaps, estimatedGaps, legendBand, legendHeight, VOLUME_AVERAGES, volumeAverages } from './chartGaps';

describe('the candle pane keeps the legend a band of its own (issue 50 C5)', () => {
  it('at 390 px on a phone, the band above the candles is the legend’s whole height, for every pane height', () => {
    for (const pane of [200, 240, 300, 360, 480, 640]) {
      const gaps = candleGaps(390, pane);
      const band = legendBand(gaps, pane);
      // A pane too short for both keeps 30 % for the candles; otherwise the band is the legend's.
      const expected = Math.min(legendHeight(390), pane * 0.7 - 22);
      expect(band).toBeGreaterThanOrEqual(Math.max(0, expected) - 0.5);
      if (pane - 150 - 22 >= pane * 0.3) expect(band).toBeCloseTo(150, 5);
    }
  });

  it('a share of 1 or more is given as pixels (klinecharts reads it so), never as a share it would misread', () => {
    const gaps = candleGaps(390, 260);
    // 150 px of legend over 88 px of candles: a share of 1.7, sent as 1.7 × 260 px.
    expect(gaps.top).toBeGreaterThan(1);
    expect(legendBand(gaps, 260)).toBeCloseTo(150, 5);
  });

  it('on a desktop chart the band is 100 px', () => {
    expect(legendBand(candleGaps(1100, 520), 520)).toBeCloseTo(100, 5);
  });

  it('before the layout, the estimate stays a share under 1 (a pane 0 tall must not divide pixels)', () => {
    for (const frame of [0, 200, 320, 700]) {
      const gaps = estimatedGaps(390, frame);
      expect(gaps.top).toBeLessThan(1);
      expect(gaps.bottom).toBeLessThan(1);
      expect(gaps.top).toBeGreaterThan(0);
    }
  });
});

describe('the volume averages by width', () => {
  it('are drawn on a wide chart and left out on a narrow one, where their legend wrapped over the bars', () => {
    expect(volumeAverages(1200)).toEqual(VOLUME_AVERAGES);
    expect(volumeAverages(600)).toEqual(VOLUME_AVERAGES);
    expect(volumeAverages(390)).toEqual([]);
  });
});
