import { ORDER_DOUBLES, ORDER_ID, type RowStore } from './book.js';

/**
 * orderId → order slot (0 means "none") for the fast engine's resting orders: open addressing with
 * linear probing and backward-shift deletion (no tombstones), load factor at most 1/2.
 *
 * Why not `IdIndex` (16-byte [id, slot] entries): on a deep book every cancel reads a random entry
 * of this table, and the table, the order rows and the level queues compete for the last-level
 * cache and the TLB. An entry here is 8 bytes: the id's low 32 bits and the slot, as two int32s,
 * so the table is half the size. The low 32 bits only say where to look and rule out most
 * entries; a lookup confirms a candidate by the full id in the order's row (which a cancel reads
 * next anyway), so ids that share their low 32 bits (≥ 2^32 apart) still resolve, and ids compare
 * with `===` as in the reference engine (NaN is never found, -0 finds 0, 1.5 does not find 1).
 * Deleting needs no row: the caller knows the slot, and an entry's home comes from its low bits.
 *
 * Exchange ids are handed out in sequence: eight consecutive ids share one cache line of the table
 * (see `home`), so a new order's duplicate check and insert usually land in the line the previous
 * orders just used.
 */
export class OrderIndex {
  private capacity = 1024;
  private mask = 1023;
  /** 32 − log2(the table's lines of 8 entries): Fibonacci hashing keeps the product's top bits. */
  private shift = 25;
  /** table[2i] is the low 32 bits of entry i's id, table[2i + 1] its slot (0: entry i is empty). */
  private table = new Int32Array(2048);
  private count = 0;

  constructor(
    /** The order rows, whose ORDER_ID field confirms a candidate. */
    private readonly orders: RowStore,
  ) {}

  get size(): number {
    return this.count;
  }

  /**
   * Where a key's probe starts: blocks of eight consecutive keys fill one line of eight entries;
   * the block picks its line by Fibonacci hashing (the top bits of block × 2^32/φ), which also
   * spreads ids that come with a stride (several books sharing one id sequence).
   */
  private home(low: number): number {
    return ((Math.imul(low >>> 3, 0x9e3779b1) >>> this.shift) << 3) | (low & 7);
  }

  /** The slot of the resting order `id`, or 0. */
  get(id: number): number {
    const low = id | 0;
    const table = this.table;
    const mask = this.mask;
    const rows = this.orders.rows;
    for (let i = this.home(low); ; i = (i + 1) & mask) {
      const slot = table[2 * i + 1]!;
      if (slot === 0) return 0;
      if (table[2 * i] === low && rows[slot * ORDER_DOUBLES + ORDER_ID] === id) return slot;
    }
  }

  /** Adds the order in `slot` (> 0), whose id is not present. */
  add(id: number, slot: number): void {
    if ((this.count + 1) * 2 > this.capacity) this.grow();
    this.put(id | 0, slot);
    this.count += 1;
  }

  /** Removes the order `id`, which rests in `slot`. */
  delete(id: number, slot: number): void {
    const table = this.table;
    const mask = this.mask;
    let hole = this.home(id | 0);
    while (table[2 * hole + 1] !== slot) hole = (hole + 1) & mask;
    // Pull back every later entry of the run that may sit in the hole (its home is not in
    // (hole, j] cyclically), so lookups never need tombstones.
    for (let j = (hole + 1) & mask; ; j = (j + 1) & mask) {
      const moving = table[2 * j + 1]!;
      if (moving === 0) break;
      const low = table[2 * j]!;
      const k = this.home(low);
      const stays = hole <= j ? hole < k && k <= j : hole < k || k <= j;
      if (!stays) {
        table[2 * hole] = low;
        table[2 * hole + 1] = moving;
        hole = j;
      }
    }
    table[2 * hole + 1] = 0;
    this.count -= 1;
  }

  private put(low: number, slot: number): void {
    const table = this.table;
    const mask = this.mask;
    let i = this.home(low);
    while (table[2 * i + 1] !== 0) i = (i + 1) & mask;
    table[2 * i] = low;
    table[2 * i + 1] = slot;
  }

  private grow(): void {
    const old = this.table;
    this.capacity *= 2;
    this.mask = this.capacity - 1;
    this.shift -= 1;
    this.table = new Int32Array(2 * this.capacity);
    for (let i = 0; i < old.length; i += 2) if (old[i + 1] !== 0) this.put(old[i]!, old[i + 1]!);
  }
}
