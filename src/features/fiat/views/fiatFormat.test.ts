import { describe, expect, it } from 'vitest';
import { merchantRecord } from './fiatFormat';

describe("an advertiser's record (issue 37 §18)", () => {
  it('says "new" for an advertiser with no finished order, never "0 orders · 100.00% completed"', () => {
    expect(merchantRecord(0, '1')).toEqual({ key: 'fiat.merchantNew', params: {} });
    expect(merchantRecord(0, '0')).toEqual({ key: 'fiat.merchantRecord', params: { count: 0, rate: '0.00%' } });
    expect(merchantRecord(12, '0.985')).toEqual({ key: 'fiat.merchantRecord', params: { count: 12, rate: '98.50%' } });
    expect(merchantRecord(3, '1')).toEqual({ key: 'fiat.merchantRecord', params: { count: 3, rate: '100.00%' } });
  });
});
