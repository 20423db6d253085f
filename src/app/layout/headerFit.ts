import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { NavLinkSpec } from './navigation';

/**
 * How much the wide header gives up to stay on one line (presentation only). Label lengths differ
 * by a factor of 1.5 between languages (Russian needs ≈1560 px for what fits English in ≈1300), so
 * no fixed breakpoint fits them all: the header measures itself and takes the lowest level that fits.
 *
 *  0        everything, in full;
 *  1        the utilities short: no app download (the footer has it), the language as its
 *           region badge, the pricing currency as its code (the menus themselves are unchanged);
 *  2 … 6    also the product links, least used first (their `fold`), under a "More" menu: ICO,
 *           seconds contracts and convert, buy crypto, futures, spot; Markets always stays.
 *
 * At the last level the header needs ≈750 px in the longest language, so from 1100 px up (below,
 * COMPACT_HEADER shows the menu button instead) it always fits.
 */
export const FIT_SHORT = 1;
export const FIT_MAX = FIT_SHORT + 5;

/** At a fit level, which of the header's links stay in the bar and which go under "More" (in the bar's order). */
export function splitLinks(links: NavLinkSpec[], level: number): { shown: NavLinkSpec[]; more: NavLinkSpec[] } {
  const moved = (l: NavLinkSpec) => (l.fold ?? FIT_MAX) <= level - FIT_SHORT;
  return { shown: links.filter((l) => !moved(l)), more: links.filter(moved) };
}

/**
 * The next level to draw, from the drawn one: one more when the bar's content overflows it (its
 * width remembered in `needs`), one less when the level below is known to fit or not known yet
 * (it is then drawn to be measured), else the same. Converges before the browser paints.
 */
export function nextLevel(level: number, needs: Array<number | undefined>, contentWidth: number, width: number): number {
  if (contentWidth > width) {
    needs[level] = contentWidth;
    return Math.min(level + 1, FIT_MAX);
  }
  const below = needs[level - 1];
  return level > 0 && (below === undefined || below < width) ? level - 1 : level;
}

/**
 * The fit level of the header `bar`, whose content overflows it rather than wrap (nothing in it
 * shrinks; `end`, its last part, is pushed to the right while there is room): checked before
 * paint after each level drawn and whenever `content` changes, and when the bar changes size (the fonts are the system's: no web font
 * arrives later to widen the labels). The widths measured are kept until `content` (what the
 * labels depend on: language, session, currency, the links offered) changes. Below COMPACT_HEADER the CSS shows the
 * compact header whatever the level (which then falls to 0, as the compact header fits).
 */
export function useHeaderFit(bar: RefObject<HTMLElement | null>, end: RefObject<HTMLElement | null>, content: string): number {
  const [level, setLevel] = useState(0);
  const needs = useRef<Array<number | undefined>>([]);
  const measured = useRef(content);
  const levelRef = useRef(level);
  levelRef.current = level;

  const fit = useCallback((): number => {
    const el = bar.current;
    const last = end.current;
    if (!el?.clientWidth || !last) return levelRef.current;
    // Where the content ends, and the bar's right padding after it.
    const need = last.getBoundingClientRect().right - el.getBoundingClientRect().left + parseFloat(getComputedStyle(el).paddingRight);
    return nextLevel(levelRef.current, needs.current, Math.ceil(need), el.clientWidth);
  }, [bar, end]);

  // Not after every render: the header renders whenever the session or the app flow changes,
  // and each measure is a forced layout. After a level is drawn, or when what the labels say changes.
  // effect: measures the drawn header (layout) before paint.
  useLayoutEffect(() => {
    if (measured.current !== content) {
      measured.current = content;
      needs.current = [];
    }
    const next = fit();
    if (next !== levelRef.current) setLevel(next);
  }, [content, level, fit]);

  // The bar (a window resize) and its end part (a badge or a name that arrives later, which
  // `content` does not name) are observed.
  // effect: a ResizeObserver on the header's DOM (layout).
  useEffect(() => {
    const el = bar.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const next = fit();
      if (next !== levelRef.current) setLevel(next);
    });
    observer.observe(el);
    if (end.current) observer.observe(end.current);
    return () => observer.disconnect();
  }, [bar, end, fit]);

  return level;
}
