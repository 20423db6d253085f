import { describe, expect, it } from 'vitest';
import { breakPoints } from './LongText';
import { fadeMask, readEdges } from './ScrollCues';

describe('long text break points', () => {
  it('breaks an e-mail address after the at-sign and before dots, hyphens and underscores', () => {
    expect(breakPoints('maximilian.long-name@sub.example.org')).toEqual(['maximilian', '.long', '-name@', 'sub', '.example', '.org']);
    expect(breakPoints('https://a.example/x/y')).toEqual(['https:/', '/', 'a', '.example/', 'x/', 'y']);
  });

  it('keeps text without break points whole', () => {
    expect(breakPoints('0x52908400098527886E0F7030069857D2E4169EE7')).toEqual(['0x52908400098527886E0F7030069857D2E4169EE7']);
    expect(breakPoints('')).toEqual([]);
  });
});

describe('scroll edges', () => {
  it('says which side of a sideways scroller hides content', () => {
    expect(readEdges({ scrollLeft: 0, scrollWidth: 300, clientWidth: 300 })).toEqual({ start: false, end: false });
    expect(readEdges({ scrollLeft: 0, scrollWidth: 500, clientWidth: 300 })).toEqual({ start: false, end: true });
    expect(readEdges({ scrollLeft: 100, scrollWidth: 500, clientWidth: 300 })).toEqual({ start: true, end: true });
    expect(readEdges({ scrollLeft: 200, scrollWidth: 500, clientWidth: 300 })).toEqual({ start: true, end: false });
    // Fractional widths: a pixel is nothing to scroll to.
    expect(readEdges({ scrollLeft: 0, scrollWidth: 301, clientWidth: 300 })).toEqual({ start: false, end: false });
  });

  it('fades the content out only at the edges that hide more', () => {
    expect(fadeMask({ start: false, end: false })).toBe('none');
    expect(fadeMask({ start: false, end: true })).toBe('linear-gradient(to right, #000, #000, #000 calc(100% - 28px), transparent)');
    expect(fadeMask({ start: true, end: false })).toBe('linear-gradient(to right, transparent, #000 28px, #000)');
  });
});
