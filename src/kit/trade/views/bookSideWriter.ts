import { currentNumberStyle, localDigits } from '../../../../domain/localeFormat';
import type { BookRow } from '../machines/orderBook/bookRows';

/**
 * Draws one side of the order book into its rowgroup element: a row element per slot (best,
 * second best, …), made once and kept, whose three text nodes and --share are written only when
 * they change. The panel redraws up to 60 times a second and a delta on a shown level changes the
 * total and bar of every level after it, so nearly every row changes every frame; writing them
 * here costs the DOM writes alone, where React spent as long again diffing the rows' five fibers
 * each (issue 12: render+commit p99 ≤ 3 ms at 1× CPU, ≤ 8 ms at 4×). Same idea as the chart
 * adapter: React renders the panel, a small writer feeds the high-rate part, here straight from the
 * machine's snapshots (trade.hooks.tsx, useBookRowsFeed). The rows keep their roles (row, cell),
 * so assistive technology and the tests read the book as before.
 *
 * Figures are shown grouped by thousands ("95,930.00"), as the stats bar and every other screen
 * show prices and quantities. The machine's rows carry the plain text (bookRows.ts), which is what
 * a slot remembers and compares; a cell's grouped text is made only when its plain text changed,
 * once per changed cell. The figures are in the language's number style (domain/localeFormat.ts);
 * when the language changes, every cell is written anew at the next frame.
 */
export interface BookSideWriter {
  write(rows: readonly BookRow[]): void;
}

/** A row's elements and the plain texts last written to them (compared here, so the DOM is never read back). */
interface Slot {
  row: HTMLDivElement;
  cells: [price: Text, quantity: Text, total: Text];
  written: [price: string, quantity: string, total: string];
  share: number;
}

function makeSlot(document: Document): Slot {
  const row = document.createElement('div');
  row.className = 'level';
  row.setAttribute('role', 'row');
  const cell = () => {
    const span = document.createElement('span');
    span.setAttribute('role', 'cell');
    const text = document.createTextNode('');
    span.appendChild(text);
    row.appendChild(span);
    return text;
  };
  return { row, cells: [cell(), cell(), cell()], written: ['', '', ''], share: -1 };
}

function setText(slot: Slot, cell: 0 | 1 | 2, value: string) {
  if (slot.written[cell] === value) return;
  slot.written[cell] = value;
  slot.cells[cell].data = localDigits(value);
}

export function createBookSideWriter(host: HTMLElement): BookSideWriter {
  const slots: Slot[] = [];
  let style = currentNumberStyle();
  return {
    write(rows) {
      if (style !== currentNumberStyle()) {
        style = currentNumberStyle();
        for (const slot of slots) slot.written = ['', '', ''];
      }
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i]!;
        let slot = slots[i];
        if (!slot) {
          slot = makeSlot(host.ownerDocument);
          slots.push(slot);
          host.appendChild(slot.row);
        }
        setText(slot, 0, row.priceText);
        setText(slot, 1, row.quantityText);
        setText(slot, 2, row.totalText);
        if (slot.share !== row.share) {
          slot.share = row.share;
          slot.row.style.setProperty('--share', String(row.share));
        }
      }
      // Fewer levels than slots: the spare rows go (a thin book, a resync's empty book).
      while (slots.length > rows.length) slots.pop()!.row.remove();
    },
  };
}
