import { useCallback, useEffect, useState, type RefObject } from 'react';
import styled, { createGlobalStyle, css } from 'styled-components';

/**
 * What says a box scrolls sideways: at an edge that hides content the content fades out (whatever
 * the background, since it is the content that fades), a shadow stands on it and a chevron that,
 * clicked, scrolls on. DataTable fetches ScrollCues after its first render (none of this is in
 * what /home loads first); the phone menu row of MenuLayout uses the hook and the CSS fade.
 */

/** Whether a sideways scroller has content hidden past its start (left) or end (right) edge. */
export interface ScrollEdges {
  start: boolean;
  end: boolean;
}

const NONE: ScrollEdges = { start: false, end: false };

/** The edges of `el` that hide content; a pixel of slack for fractional widths. */
export function readEdges(el: Pick<HTMLElement, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>): ScrollEdges {
  const hidden = el.scrollWidth - el.clientWidth;
  if (hidden <= 1) return NONE;
  return { start: el.scrollLeft > 1, end: el.scrollLeft < hidden - 1 };
}

/**
 * Presentation only: which edges of a sideways scroller hide content, updated as it scrolls and
 * as it or its content changes size. `onResize` also runs then.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>, onResize?: (el: HTMLElement) => void): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>(NONE);
  // effect: measures the element's scroll position and size (scroll and resize listeners on the DOM).
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const next = readEdges(el);
      setEdges((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
    };
    const resized = () => {
      onResize?.(el);
      update();
    };
    resized();
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(resized);
    observer?.observe(el);
    // The content: rows arriving, columns widening.
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref, onResize]);
  return edges;
}

const FADE = '28px';

/** The mask that fades a scroller's content out at the edges that hide more ('none' for none). */
export function fadeMask(edges: ScrollEdges): string {
  if (!edges.start && !edges.end) return 'none';
  const start = edges.start ? `transparent, #000 ${FADE}` : '#000, #000';
  const end = edges.end ? `#000 calc(100% - ${FADE}), transparent` : '#000';
  return `linear-gradient(to right, ${start}, ${end})`;
}

/** The same fade in CSS, for a scroller that carries `data-more-start` / `data-more-end`. */
export const scrollFade = css`
  &[data-more-end] { mask-image: ${fadeMask({ start: false, end: true })}; }
  &[data-more-start] { mask-image: ${fadeMask({ start: true, end: false })}; }
  &[data-more-start][data-more-end] { mask-image: ${fadeMask({ start: true, end: true })}; }
`;

// A table's scroller (DataTable marks it data-scroller): focus ring, no scroll chaining to the
// page, and its empty state centred in the part in view rather than in the table's full width.
const ScrollerStyle = createGlobalStyle`
  [data-scroller] { overscroll-behavior-x: contain; }
  [data-scroller]:focus-visible { outline: 2px solid ${({ theme }) => theme.color.accent}; outline-offset: -2px; }
  [data-scroller] .empty { position: sticky; left: 12px; width: calc(var(--visible-width) - 24px); white-space: normal; }
`;

const Shade = styled.span<{ $side: 'start' | 'end' }>`
  position: absolute;
  top: 0;
  bottom: 0;
  ${({ $side }) => ($side === 'start' ? 'left: 0;' : 'right: 0;')}
  width: 10px;
  pointer-events: none;
  background: linear-gradient(
    to ${({ $side }) => ($side === 'start' ? 'right' : 'left')},
    ${({ theme }) => (theme.name === 'dark' ? 'rgba(0, 0, 0, 0.55)' : 'rgba(20, 24, 30, 0.14)')},
    transparent
  );
`;

const Chevron = styled.span<{ $side: 'start' | 'end' }>`
  position: absolute;
  top: 4px;
  ${({ $side }) => ($side === 'start' ? 'left: 2px;' : 'right: 2px;')}
  display: grid;
  place-items: center;
  width: 20px;
  height: 20px;
  border-radius: 50%;
  cursor: pointer;
  font-size: 14px;
  line-height: 1;
  color: ${({ theme }) => theme.color.text};
  background: ${({ theme }) => theme.color.panelRaised};
  border: 1px solid ${({ theme }) => theme.color.border};
  box-shadow: 0 1px 4px rgba(0, 0, 0, 0.3);
  &:hover { color: ${({ theme }) => theme.color.accent}; }
`;

/** The visible width of a scroller, for what stays in view while it scrolls (a table's empty state). */
const keepVisibleWidth = (el: HTMLElement) => el.style.setProperty('--visible-width', `${el.clientWidth}px`);

/**
 * A table's sideways scroller (DataTable), while its content is wider than it: a region named as
 * the table that the keyboard can focus and scroll with the arrow keys, its content faded at the
 * edges that hide columns, with a shadow and a chevron there. Drawn over the scroller, in its
 * positioned frame; updated as it scrolls and resizes. The scroller carries `data-more-end` while
 * content is hidden past its end. `pinnedEnd`: its last column stays at the end edge (DataTable's
 * pinLast), so that edge has its chevron but no fade or shade: the content passes under the
 * column, whose own edge says so (a fade there would fade the column).
 */
export default function ScrollCues(props: { scroller: RefObject<HTMLElement | null>; label?: string; pinnedEnd?: boolean }) {
  const { scroller, label, pinnedEnd } = props;
  const edges = useScrollEdges(scroller, keepVisibleWidth);
  const scrolls = edges.start || edges.end;
  // effect: writes the fade mask straight onto the scroller's style (work on the DOM).
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    el.style.setProperty('mask-image', fadeMask({ start: edges.start, end: edges.end && !pinnedEnd }));
    // Only a scroller that scrolls is a stop for the keyboard (and a region: when it has a name).
    const set = (name: string, value: string | undefined) => (value === undefined ? el.removeAttribute(name) : el.setAttribute(name, value));
    set('tabindex', scrolls ? '0' : undefined);
    set('role', scrolls && label ? 'region' : undefined);
    set('aria-label', scrolls && label ? label : undefined);
    set('data-more-end', edges.end ? '' : undefined);
  }, [scroller, edges, scrolls, label, pinnedEnd]);
  const scrollBy = useCallback(
    (direction: 1 | -1) => {
      const el = scroller.current;
      // Smooth unless the trader asked the system for less motion.
      const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      el?.scrollBy({ left: direction * Math.max(80, el.clientWidth * 0.8), behavior: reduced ? 'auto' : 'smooth' });
    },
    [scroller],
  );
  return (
    <>
      <ScrollerStyle />
      {edges.start && (
        <>
          <Shade $side="start" aria-hidden />
          <Chevron $side="start" aria-hidden onClick={() => scrollBy(-1)}>
            ‹
          </Chevron>
        </>
      )}
      {edges.end && (
        <>
          {!pinnedEnd && <Shade $side="end" aria-hidden />}
          <Chevron $side="end" aria-hidden onClick={() => scrollBy(1)}>
            ›
          </Chevron>
        </>
      )}
    </>
  );
}
