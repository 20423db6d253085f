import { LEVEL_BASE, LEVEL_COUNT, LEVEL_HEAD, LEVEL_MASK, LEVEL_TAIL, ORDER_SEQ, type RowStore } from './book.js';

/** A new level's queue holds 2^MIN_LOG2 slots. */
const MIN_LOG2 = 2;

/**
 * Each price level's orders in time priority: a ring buffer of order slots, one per level, all in
 * one Int32Array (`slots`), carved into power-of-two segments.
 *
 * Why: a cancel deep in a large book used to unlink the order from a doubly linked list, writing
 * into both neighbours' rows — two more cache lines from anywhere in memory. Here a cancel writes
 * 0 (a tombstone) into the order's own entry of its level's queue, found from the sequence number
 * kept in the order's row; the neighbours are not touched, and a level's entries are contiguous,
 * so walking a level (matching, FOK checks, snapshots) reads memory in order.
 *
 * Sequence numbers: a level hands out 0, 1, 2, … (int32, wrapping: all arithmetic is `| 0`, and
 * `seq & mask` stays right across the wrap because capacities are powers of two). The level row
 * keeps `head` (its first entry) and `tail` (the next to append); entry `seq` lives at
 * `slots[base + (seq & mask)]`, so growing the buffer copies entries without renumbering them.
 *
 * Invariants, for a level that has orders (an empty level is removed from its side at once, and
 * its queue closed):
 * - the head entry is live (not a tombstone), so the matcher takes `slots[base + (head & mask)]`
 *   without skipping, and so is the entry before the tail;
 * - tombstones hold no quantity: the level's count and quantity cover live orders only, so depth,
 *   FOK checks and order counts never see a cancelled order;
 * - a level's live entries never exceed its capacity: when the queue is full, it is compacted in
 *   place if at most half its entries are live (renumbering the live orders, at most one row
 *   written per tombstone dropped, so amortised O(1) per cancel), otherwise doubled.
 */
export class LevelQueues {
  slots = new Int32Array(1 << 16);
  /** The first index of `slots` never handed out. */
  private top = 0;
  /** Per size (log2), the first free segment of that size, or -1; a free segment's first entry links the next. */
  private readonly free: number[] = Array.from({ length: 32 }, () => -1);

  constructor(
    private readonly levels: RowStore,
    private readonly orders: RowStore,
  ) {}

  /** Gives a new level an empty queue. */
  open(level: number): void {
    const base = this.alloc(MIN_LOG2);
    const links = this.levels.links;
    links[level * 16 + LEVEL_BASE] = base;
    links[level * 16 + LEVEL_MASK] = (1 << MIN_LOG2) - 1;
    links[level * 16 + LEVEL_HEAD] = 0;
    links[level * 16 + LEVEL_TAIL] = 0;
  }

  /** Recycles an empty level's queue. */
  close(level: number): void {
    const links = this.levels.links;
    this.release(links[level * 16 + LEVEL_BASE]!, log2(links[level * 16 + LEVEL_MASK]! + 1));
  }

  /** Appends `slot` at the level's tail; returns its sequence number. The level's count must not include it yet. */
  push(level: number, slot: number): number {
    const links = this.levels.links;
    const at = level * 16;
    if (((links[at + LEVEL_TAIL]! - links[at + LEVEL_HEAD]!) | 0) > links[at + LEVEL_MASK]!) this.makeRoom(level);
    const tail = links[at + LEVEL_TAIL]!;
    this.slots[links[at + LEVEL_BASE]! + (tail & links[at + LEVEL_MASK]!)] = slot;
    links[at + LEVEL_TAIL] = (tail + 1) | 0;
    return tail;
  }

  /**
   * Tombstones entry `seq` of a level that keeps at least one live order, then moves the head
   * (or the tail) past any tombstones it now borders, so both ends stay live.
   */
  clear(level: number, seq: number): void {
    const links = this.levels.links;
    const slots = this.slots;
    const at = level * 16;
    const base = links[at + LEVEL_BASE]!;
    const mask = links[at + LEVEL_MASK]!;
    slots[base + (seq & mask)] = 0;
    let head = links[at + LEVEL_HEAD]!;
    if (seq === head) {
      do head = (head + 1) | 0;
      while (slots[base + (head & mask)] === 0);
      links[at + LEVEL_HEAD] = head;
      return;
    }
    let tail = links[at + LEVEL_TAIL]!;
    if (seq === ((tail - 1) | 0)) {
      do tail = (tail - 1) | 0;
      while (slots[base + ((tail - 1) & mask)] === 0);
      links[at + LEVEL_TAIL] = tail;
    }
  }

  /** Makes room for one more entry in a full queue: compacts it if at most half is live, else doubles it. */
  private makeRoom(level: number): void {
    const links = this.levels.links;
    const at = level * 16;
    const base = links[at + LEVEL_BASE]!;
    const mask = links[at + LEVEL_MASK]!;
    const head = links[at + LEVEL_HEAD]!;
    const tail = links[at + LEVEL_TAIL]!;
    if (this.levels.rows[level * 8 + LEVEL_COUNT]! * 2 <= mask + 1) {
      // Slide the live entries towards the head; each moved order's row learns its new number.
      const slots = this.slots;
      const orderLinks = this.orders.links;
      let write = head;
      for (let read = head; read !== tail; read = (read + 1) | 0) {
        const slot = slots[base + (read & mask)]!;
        if (slot === 0) continue;
        if (write !== read) {
          slots[base + (write & mask)] = slot;
          orderLinks[slot * 8 + ORDER_SEQ] = write;
        }
        write = (write + 1) | 0;
      }
      links[at + LEVEL_TAIL] = write;
      return;
    }
    const size = log2(mask + 1);
    const grown = this.alloc(size + 1);
    const slots = this.slots;
    const grownMask = (mask << 1) | 1;
    for (let seq = head; seq !== tail; seq = (seq + 1) | 0) slots[grown + (seq & grownMask)] = slots[base + (seq & mask)]!;
    this.release(base, size);
    links[at + LEVEL_BASE] = grown;
    links[at + LEVEL_MASK] = grownMask;
  }

  /** The start of a free segment of 2^size entries; `slots` may be replaced (re-read it after). */
  private alloc(size: number): number {
    const free = this.free[size]!;
    if (free !== -1) {
      this.free[size] = this.slots[free]!;
      return free;
    }
    const base = this.top;
    const end = base + (1 << size);
    if (end > this.slots.length) {
      let length = this.slots.length * 2;
      while (length < end) length *= 2;
      const grown = new Int32Array(length);
      grown.set(this.slots);
      this.slots = grown;
    }
    this.top = end;
    return base;
  }

  private release(base: number, size: number): void {
    this.slots[base] = this.free[size]!;
    this.free[size] = base;
  }
}

const log2 = (powerOfTwo: number) => 31 - Math.clz32(powerOfTwo);
