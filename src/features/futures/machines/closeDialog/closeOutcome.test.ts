import { describe, expect, it } from 'vitest';
import type { FuturesPlaced } from '../../../../../domain/futures/api';
import { closeOutcomeKey } from './closeDialog.machine';

const placed = (filled: string, unfilled = '0') => ({ order: { filled }, unfilled }) as unknown as FuturesPlaced;

/** Issue 50 M20: a partial close said "Position closed" although the position stayed open. */
describe('what a close says it did', () => {
  it('names a whole close, a partial one, a resting limit close and a market close cut at the 30th level', () => {
    expect(closeOutcomeKey(placed('0.5'), '0.5')).toBe('futures.close.done');
    expect(closeOutcomeKey(placed('0.2'), '0.5')).toBe('futures.close.partDone');
    expect(closeOutcomeKey(placed('0'), '0.5')).toBe('futures.close.placed');
    expect(closeOutcomeKey(placed('0.3', '0.2'), '0.5')).toBe('futures.close.rest');
  });
});
