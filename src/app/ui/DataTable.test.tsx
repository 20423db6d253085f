// @vitest-environment jsdom
/**
 * DataTable's pinned last column (`pinLast`), as far as jsdom can tell: which cells the pinning
 * styles apply to, and the scroller's state that turns the column's edge on. The layout itself (what
 * the column covers at 390 px) is measured in a browser; jsdom lays nothing out, so the scroller's
 * sizes are given here.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inApp, testTexts, type TestI18n } from '../testing/viewHarness';
import { darkTheme } from '../theme';
import { DataTable, type Column } from './DataTable';

let i18n: TestI18n;
beforeAll(async () => {
  i18n = await testTexts();
});
afterEach(cleanup);

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = [
  { id: 1, name: 'first' },
  { id: 2, name: 'second' },
];
const columns: Column<Row>[] = [
  { key: 'col.name', render: (r) => r.name },
  { key: 'col.actions', align: 'right', render: () => <button type="button">Cancel</button> },
];

/**
 * The tables' scrollers (DataTable's data-scroller) as a browser would measure them: 300 px wide,
 * `hidden` px of content past that, scrolled `left` px. Every other element keeps jsdom's zeros.
 */
const geometry = { hidden: 0, left: 0 };
const measured = { clientWidth: () => 300, scrollWidth: () => 300 + geometry.hidden, scrollLeft: () => geometry.left };
const jsdomOwn = Object.fromEntries(Object.keys(measured).map((name) => [name, Object.getOwnPropertyDescriptor(Element.prototype, name)!]));
beforeAll(() => {
  for (const [name, value] of Object.entries(measured)) {
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        return this.hasAttribute('data-scroller') ? value() : jsdomOwn[name]!.get!.call(this);
      },
    });
  }
});
afterAll(() => {
  for (const name of Object.keys(measured)) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
});

/** A theme's #rrggbb as a computed style reads it. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

const scrollerOf = () => screen.getByRole('table').parentElement!;
const lastCells = () => Array.from(screen.getByRole('table').querySelectorAll<HTMLElement>('tr > :last-child'));

/** Renders the table in a scroller with `hidden` px past its end; ScrollCues (fetched after the first render) measures it. */
async function shown(props: { pinLast?: boolean; rows?: Row[] }, hidden: number) {
  Object.assign(geometry, { hidden, left: 0 });
  render(inApp(i18n, <DataTable label="Orders" columns={columns} rows={props.rows ?? rows} pinLast={props.pinLast} />));
  // ScrollCues has measured the scroller (it writes the fade, 'none' or one); a table that scrolls is a keyboard stop.
  await waitFor(() => expect(scrollerOf().style.getPropertyValue('mask-image')).not.toBe(''), { timeout: 5000 });
  expect(scrollerOf().getAttribute('tabindex')).toBe(hidden > 0 ? '0' : null);
}

describe('DataTable: pinLast', () => {
  it('keeps the last column’s header and cells at the right edge, on the panel’s colour; an unpinned table’s stay in the flow', async () => {
    await shown({ pinLast: true }, 0);
    expect(screen.getByRole('table').hasAttribute('data-pin-last')).toBe(true);
    for (const cell of lastCells()) {
      const style = getComputedStyle(cell);
      expect(style.position).toBe('sticky');
      expect(style.right).toBe('0px');
      expect(style.backgroundColor).toBe(rgb(darkTheme.color.panel));
    }
    cleanup();
    await shown({}, 0);
    expect(screen.getByRole('table').hasAttribute('data-pin-last')).toBe(false);
    for (const cell of lastCells()) expect(getComputedStyle(cell).position).not.toBe('sticky');
  });

  it('does not pin the empty state’s cell across the table', async () => {
    await shown({ pinLast: true, rows: [] }, 0);
    const empty = screen.getByRole('table').querySelector('td[colspan]')!;
    expect(getComputedStyle(empty).position).not.toBe('sticky');
  });

  it('draws the column’s edge only while content is hidden under it: not when the table fits, nor scrolled to its end', async () => {
    await shown({ pinLast: true }, 0);
    expect(scrollerOf().hasAttribute('data-more-end')).toBe(false);
    for (const cell of lastCells()) expect(getComputedStyle(cell).boxShadow).toBe('');
    cleanup();

    await shown({ pinLast: true }, 200);
    const scroller = scrollerOf();
    expect(scroller.hasAttribute('data-more-end')).toBe(true);
    for (const cell of lastCells()) expect(getComputedStyle(cell).boxShadow).toMatch(/inset/);

    geometry.left = 200;
    await act(async () => void fireEvent.scroll(scroller));
    expect(scroller.hasAttribute('data-more-end')).toBe(false);
    for (const cell of lastCells()) expect(getComputedStyle(cell).boxShadow).toBe('');
  });

  it('keeps only the header clear of the end’s chevron, and fades no pinned end: the column is no wider than its content', async () => {
    await shown({ pinLast: true }, 200);
    const [head, ...cells] = lastCells();
    expect(getComputedStyle(head!).paddingRight).toBe('30px');
    for (const cell of cells) expect(getComputedStyle(cell).paddingRight).toBe('12px');
    // No fade at the pinned end (it would fade the column); the start fades once scrolled.
    expect(scrollerOf().style.getPropertyValue('mask-image')).toBe('none');
    cleanup();

    // Unpinned, the end fades as before.
    await shown({}, 200);
    expect(scrollerOf().style.getPropertyValue('mask-image')).toContain('calc(100% - 28px), transparent');
  });
});
