import { describe, expect, it } from 'vitest';
import { fiatFigure, fiatPlaceholder, merchantRecord } from './fiatFormat';

describe("an advertiser's record (issue 37 §18)", () => {
  it('says "new" for an advertiser with no finished order, never "0 orders · 100.00% completed"', () => {
    expect(merchantRecord(0, '1')).toEqual({ key: 'fiat.merchantNew', params: {} });
    expect(merchantRecord(0, '0')).toEqual({ key: 'fiat.merchantRecord', params: { count: 0, rate: '0.00%' } });
    expect(merchantRecord(12, '0.985')).toEqual({ key: 'fiat.merchantRecord', params: { count: 12, rate: '98.50%' } });
    expect(merchantRecord(3, '1')).toEqual({ key: 'fiat.merchantRecord', params: { count: 3, rate: '100.00%' } });
  });
});

describe('P2P amounts in the fiat’s own minor units (the audit: "1,500.00 – 3,000,000.00 JPY")', () => {
  it('shows yen and won whole, other fiat at 2 places, and a yen fraction the wire carries as it is', () => {
    expect(fiatFigure('1500.00', 'JPY')).toBe('1,500');
    expect(fiatFigure('3000000', 'JPY')).toBe('3,000,000');
    expect(fiatFigure('25000', 'KRW')).toBe('25,000');
    expect(fiatFigure('1500', 'USD')).toBe('1,500.00');
    expect(fiatFigure('1500.5', 'JPY')).toBe('1,500.50');
    expect(fiatFigure(undefined, 'JPY')).toBe('—');
  });

  it('asks for whole yen in an empty amount field', () => {
    expect(fiatPlaceholder('JPY')).toBe('0');
    expect(fiatPlaceholder('EUR')).toBe('0.00');
  });
});
