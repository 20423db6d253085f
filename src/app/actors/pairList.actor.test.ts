import { describe, expect, it } from 'vitest';
import { PAIRS_FIXTURE } from '../machines/app/app.model';
import { parsePairList } from './pairListParse';

describe('the pair list channel’s pushes (socket input)', () => {
  it('takes a list of well-formed pairs, halts included, and refuses anything else whole', () => {
    const halted = PAIRS_FIXTURE.map((p) => ({ ...p, halted_reason: 'Maintenance', contract_halted_reason: null }));
    expect(parsePairList({ pairs: halted })).toEqual(halted);
    expect(parsePairList({ pairs: [] })).toEqual([]);
    expect(parsePairList(null)).toBeUndefined();
    expect(parsePairList({ pairs: 'BTC_USDT' })).toBeUndefined();
    expect(parsePairList({ pairs: [{ ...PAIRS_FIXTURE[0], left_symbol: '<b>' }] })).toBeUndefined();
    expect(parsePairList({ pairs: [{ ...PAIRS_FIXTURE[0], trade_status: 2 }] })).toBeUndefined();
    expect(parsePairList({ pairs: [{ ...PAIRS_FIXTURE[0], min_notional: 'lots' }] })).toBeUndefined();
    expect(parsePairList({ pairs: [{ ...PAIRS_FIXTURE[0], halted_reason: 'x'.repeat(201) }] })).toBeUndefined();
    expect(parsePairList({ pairs: [PAIRS_FIXTURE[0], { ...PAIRS_FIXTURE[1], halted_reason: { html: 1 } }] })).toBeUndefined();
  });
});
