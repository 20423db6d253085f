import { describe, expect, it } from 'vitest';
import { FIT_MAX, FIT_SHORT, nextLevel, splitLinks } from './headerFit';
import { FEATURES } from '../../features';
import { collectMenus, offeredLinks } from './navigation';

const HEADER_LINKS = collectMenus(FEATURES).header;

/** The levels drawn one after another until the level stays (what happens before a paint). */
function settle(start: number, needs: Array<number | undefined>, widthAt: (level: number) => number, width: number): number[] {
  const drawn = [start];
  for (let i = 0; i < 20; i++) {
    const level = drawn.at(-1)!;
    const next = nextLevel(level, needs, Math.max(width, widthAt(level)), width);
    if (next === level) return drawn;
    drawn.push(next);
  }
  throw new Error(`no settled level: ${drawn.join(' ')}`);
}

describe('the header fit level', () => {
  // What each level's content needs: the full header 1300 px, then less at each level.
  const widthAt = (level: number) => [1300, 1160, 1100, 1040, 980, 930, 880][level]!;

  it('collapses one level at a time until the content fits', () => {
    expect(settle(0, [], widthAt, 1280)).toEqual([0, 1]);
    expect(settle(0, [], widthAt, 1100)).toEqual([0, 1, 2]);
  });

  it('comes back to a wider level once it is known to fit, and tries one it does not know', () => {
    const needs: Array<number | undefined> = [];
    expect(settle(0, needs, widthAt, 1100)).toEqual([0, 1, 2]);
    // Wider: the remembered widths say which level fits, without drawing the others.
    expect(settle(2, needs, widthAt, 1440)).toEqual([2, 1, 0]);
    // A fresh start at a collapsed level (new labels): the level below is drawn to be measured.
    expect(settle(2, [], widthAt, 1440)).toEqual([2, 1, 0]);
    expect(settle(2, [], widthAt, 1120)).toEqual([2, 1, 2]);
  });

  it('stops at the last level', () => {
    expect(settle(0, [], () => 5000, 1100).at(-1)).toBe(FIT_MAX);
  });

  it('moves the product links under "More" least used first, keeping their order, never Markets', () => {
    const at = (level: number) => splitLinks(HEADER_LINKS, level);
    expect(at(0).more).toEqual([]);
    expect(at(FIT_SHORT).more).toEqual([]);
    expect(at(FIT_SHORT + 1).more.map((l) => l.to)).toEqual(['/subscribe']);
    expect(at(FIT_SHORT + 2).more.map((l) => l.to)).toEqual(['/subscribe', '/convert', '/contract_sec/btc_usdt']);
    expect(at(FIT_SHORT + 3).more.map((l) => l.to)).toEqual(['/deal', '/subscribe', '/convert', '/contract_sec/btc_usdt']);
    const last = at(FIT_MAX);
    expect(last.shown.map((l) => l.to)).toEqual(['/markets']);
    expect(last.more).toHaveLength(HEADER_LINKS.length - 1);
  });

  it('skips a link the deployment does not offer', () => {
    const links = offeredLinks(HEADER_LINKS, { seconds_contracts: 0 });
    expect(splitLinks(links, FIT_SHORT + 2).more.map((l) => l.to)).toEqual(['/subscribe', '/convert']);
  });
});
