import { describe, expect, it } from 'vitest';
import type { MarketTick } from '../../../domain/api';
import { parseTick } from '../../app/actors/marketChannel.actor';
import { shownHalt } from './liveHalt';

/** Issue 52 §1: an open trade page shows a halt from the live spot tick, over the pair list read at app start. */
const tick = (extra: object = {}): MarketTick =>
  parseTick({ channel: 'btc_usdt_tick', pair: 'BTC_USDT', close: '95000', open: '94000', high: '96000', low: '93000', amount: '1', vol: '95000', count: 3, increase: '0.01', ...extra }, 'btc_usdt_tick')!;

describe('the halt a trade page shows', () => {
  it('is the pair list\'s until the first tick arrives', () => {
    expect(shownHalt('Wallet maintenance', undefined)).toBe('Wallet maintenance');
    expect(shownHalt(null, undefined)).toBeNull();
    expect(shownHalt(undefined, undefined)).toBeNull();
  });

  it('follows the live tick: a halt the page was opened before, and a resume the pair list does not know of yet', () => {
    // The app keeps the tick as it arrives (parseTick lets the reason through): halted now…
    expect(shownHalt(null, tick({ halted_reason: 'Matching engine maintenance' }))).toBe('Matching engine maintenance');
    // …and trading again: the tick after the resume carries no reason.
    expect(shownHalt('Matching engine maintenance', tick())).toBeNull();
  });

  it('takes nothing odd from the socket: not a string or empty is no halt, and a long one is cut to 200 characters', () => {
    expect(shownHalt(null, tick({ halted_reason: { html: '<b>' } }))).toBeNull();
    expect(shownHalt(null, tick({ halted_reason: '' }))).toBeNull();
    expect(shownHalt(null, tick({ halted_reason: 'x'.repeat(500) }))).toHaveLength(200);
  });
});
