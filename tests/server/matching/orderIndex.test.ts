/**
 * The fast engine's order index (server/kernel/exchange/matching/fast/orderIndex.ts) keeps only an
 * id's low 32 bits and confirms a candidate by the full id in the order's row. Checked against a
 * Map through growth, long collision runs (ids that share their low 32 bits, and so their home)
 * with deletes in the middle, strided and sequential ids, and keys no one should send.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../server/kernel/exchange/random.js';
import { ORDER_DOUBLES, ORDER_ID, ORDER_LEVEL, RowStore } from '../../../server/kernel/exchange/matching/fast/book.js';
import { OrderIndex } from '../../../server/kernel/exchange/matching/fast/orderIndex.js';

describe("the fast engine's order index vs a Map", () => {
  it('agrees on every lookup through growth, shared low bits, strides and deletes', () => {
    const random = seededRandom(0x1d5);
    const rows = new RowStore(16, ORDER_DOUBLES, ORDER_LEVEL);
    const index = new OrderIndex(rows);
    const model = new Map<number, number>();
    // 200 ids with equal low 32 bits (one home), sequential ids, a stride of 1,024, ids above 2^40.
    const sameLow = Array.from({ length: 200 }, (_, h) => (h + 1) * 2 ** 32 + 77);
    const pool = [...sameLow, ...Array.from({ length: 6_000 }, (_, i) => (i % 3 === 0 ? (i + 1) * 1024 : i % 3 === 1 ? 2 ** 40 + i : i + 1))];
    for (let step = 0; step < 150_000; step++) {
      const id = pool[Math.floor(random() * pool.length)]!;
      const held = model.get(id);
      if (index.get(id) !== (held ?? 0)) expect.fail(`step ${step}: get(${id}) differs from the Map`);
      if (held === undefined && (model.size < 3_000 || random() < 0.5)) {
        const slot = rows.alloc();
        rows.rows[slot * ORDER_DOUBLES + ORDER_ID] = id;
        index.add(id, slot);
        model.set(id, slot);
      } else if (held !== undefined) {
        index.delete(id, held);
        rows.release(held);
        model.delete(id);
      }
      if (index.size !== model.size) expect.fail(`step ${step}: size ${index.size}, Map ${model.size}`);
    }
    for (const id of pool) expect(index.get(id)).toBe(model.get(id) ?? 0);
  });

  it('compares ids with === as the reference engine does: NaN is never found, -0 finds 0, 1.5 does not find 1', () => {
    const rows = new RowStore(16, ORDER_DOUBLES, ORDER_LEVEL);
    const index = new OrderIndex(rows);
    for (const id of [0, 1, 2 ** 32]) {
      const slot = rows.alloc();
      rows.rows[slot * ORDER_DOUBLES + ORDER_ID] = id;
      index.add(id, slot);
    }
    expect(index.get(Number.NaN)).toBe(0);
    expect(index.get(-0)).toBe(index.get(0));
    expect(index.get(0)).not.toBe(0);
    expect(index.get(1.5)).toBe(0);
    expect(index.get(2 ** 32)).not.toBe(index.get(0));
    expect(index.get(2 ** 33)).toBe(0);
  });
});
