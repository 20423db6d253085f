import { describe, expect, it } from 'vitest';
import { outcomeOf } from './seconds';

describe('a seconds contract’s outcome', () => {
  it('is a draw within the draw band of the buy price (its edge included), and decided beyond it', () => {
    expect(outcomeOf('up', '96000', '96000.05', '0.05')).toBe('draw');
    expect(outcomeOf('up', '96000', '95999.95', '0.05')).toBe('draw');
    expect(outcomeOf('up', '96000', '96000.06', '0.05')).toBe('win');
    expect(outcomeOf('down', '96000', '96000.06', '0.05')).toBe('loss');
    expect(outcomeOf('down', '96000', '95999.94', '0.05')).toBe('win');
    // Without a band: only the same price is a draw (contracts bought before the band).
    expect(outcomeOf('up', '96000', '96000')).toBe('draw');
    expect(outcomeOf('up', '96000', '96000.01')).toBe('win');
  });
});
