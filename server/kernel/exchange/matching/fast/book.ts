import { IdIndex } from './idIndex.js';

/**
 * The fast engine's book: orders and price levels as rows of numbers in typed arrays, levels kept
 * in price order per side.
 *
 * Why this layout (see bench/README.md for the deep-book figures that drove it):
 * - On a deep book (hundreds of thousands of resting orders) the cost of an operation is its cache
 *   misses: a cancel deep in the book touches the order, its two neighbours and the id index
 *   entry, none of them recently used. One order is one 64-byte row, the size of a cache line (the
 *   width of 8 doubles: four numbers and three int32 links, `ORDER_*` offsets below), in one
 *   Float64Array, where a JS object per order cost a line for the object, often another for boxed
 *   doubles (prices or ids ≥ 2^31), and the garbage collector had to trace every one of them.
 *   Slots are recycled last-in first-out, so a new order usually lands in a row still in cache.
 * - Each level is a FIFO intrusive doubly-linked list of order slots (prev/next in the rows):
 *   append at the tail, fill from the head, unlink any order on cancel, all O(1).
 * - Levels are rows too (`LEVEL_*` offsets), with their quantity and order count kept up to date,
 *   so depth is O(levels asked).
 * - Per side, the level ids sit in an array sorted by a signed key (the price for bids, minus the
 *   price for asks), so the BEST level is the LAST element: it empties with `pop()`, and most new
 *   levels land a few slots from the end. A level is found by price through a hash of its own
 *   (an `IdIndex` keyed by price), so adding to an existing level — nearly every passive order on
 *   a deep book — costs one probe and no search; only creating or removing a level searches the
 *   sorted array.
 *
 * Slot and level id 0 mean "none"; the stores grow by doubling when full.
 */
export const ORDER_ID = 0;
export const ORDER_ACCOUNT = 1;
export const ORDER_PRICE = 2;
export const ORDER_REMAINING = 3;
// The links (slots and level ids) are int32 fields, read through `RowStore.links`, an Int32Array
// over the same memory (16 int32 per row): int32 index 8 is the low half of double field 4.
// Integer links index the arrays without a double → integer conversion on every hop.
export const ORDER_PREV = 8;
export const ORDER_NEXT = 10;
export const ORDER_LEVEL = 12;
// Int32 14–15 (double field 7) are unused: a row is 64 bytes, the size of a cache line.

export const LEVEL_PRICE = 0;
/** Sum of the remaining quantity of the level's orders. */
export const LEVEL_QUANTITY = 1;
export const LEVEL_COUNT = 2;
/** Int32 fields (see above): the first and last order slots. */
export const LEVEL_HEAD = 6;
export const LEVEL_TAIL = 8;
/** 1 for a bid level, -1 for an ask level. */
export const LEVEL_SIGN = 5;

/**
 * Rows of 8 doubles (`rows`, row i at i * 8) whose link fields are int32s (`links`, row i at
 * i * 16); row 0 is never handed out. Freed rows are chained through the int32 field `link`.
 */
export class RowStore {
  rows: Float64Array;
  private capacity: number;
  private free = 0;
  private unused = 1;

  constructor(
    capacity: number,
    /** The field that chains free rows. */
    private readonly link: number,
  ) {
    this.capacity = capacity;
    this.rows = new Float64Array(capacity * 8);
    this.links = new Int32Array(this.rows.buffer);
  }

  /** The same memory as `rows`, as int32s. */
  links: Int32Array;

  /** A free row id; `rows` may be replaced (re-read it after). */
  alloc(): number {
    const id = this.free;
    if (id !== 0) {
      this.free = this.links[id * 16 + this.link]!;
      return id;
    }
    if (this.unused === this.capacity) {
      const grown = new Float64Array(this.capacity * 16);
      grown.set(this.rows);
      this.rows = grown;
      this.links = new Int32Array(grown.buffer);
      this.capacity *= 2;
    }
    return this.unused++;
  }

  release(id: number): void {
    this.links[id * 16 + this.link] = this.free;
    this.free = id;
  }
}

/** One side's levels in price order (best last), and its price → level index. */
export class BookSide {
  /** Ascending sort keys (sign × price); the last is the best price. */
  readonly keys: number[] = [];
  /** The level id for each key, same index. */
  readonly ids: number[] = [];
  /** The best level's id, or 0 when the side is empty (always the last of `ids`). */
  best = 0;
  /** price → level id (the same hash table as the order ids; neighbouring prices share cache lines). */
  private readonly byPrice = new IdIndex();

  constructor(
    /** +1 for bids (higher is better), -1 for asks (lower is better). */
    readonly sign: number,
    private readonly levels: RowStore,
  ) {}

  /** The id of the level at `price`, created (and placed in order) when there is none. */
  levelAt(price: number): number {
    const found = this.byPrice.get(price);
    if (found !== 0) return found;
    const key = this.sign * price;
    const keys = this.keys;
    const ids = this.ids;
    const n = keys.length;
    let lo = 0;
    if (n === 0 || key > keys[n - 1]!) lo = n;
    else {
      let hi = n - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (keys[mid]! < key) lo = mid + 1;
        else hi = mid;
      }
    }
    const id = this.levels.alloc();
    const rows = this.levels.rows;
    const at = id * 8;
    rows[at + LEVEL_PRICE] = price;
    rows[at + LEVEL_QUANTITY] = 0;
    rows[at + LEVEL_COUNT] = 0;
    rows[at + LEVEL_SIGN] = this.sign;
    const links = this.levels.links;
    links[id * 16 + LEVEL_HEAD] = 0;
    links[id * 16 + LEVEL_TAIL] = 0;
    rows[at + LEVEL_SIGN] = this.sign;
    this.byPrice.add(price, id);
    keys.push(key);
    ids.push(id);
    if (lo === n) {
      this.best = id;
      return id;
    }
    for (let j = n; j > lo; j--) {
      keys[j] = keys[j - 1]!;
      ids[j] = ids[j - 1]!;
    }
    keys[lo] = key;
    ids[lo] = id;
    return id;
  }

  /** Takes an empty level out of the side and recycles it. */
  removeLevel(id: number): void {
    const keys = this.keys;
    const ids = this.ids;
    const last = keys.length - 1;
    const price = this.levels.rows[id * 8 + LEVEL_PRICE]!;
    if (ids[last] !== id) {
      const key = this.sign * price;
      let lo = 0;
      let hi = last;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (keys[mid]! < key) lo = mid + 1;
        else hi = mid;
      }
      for (let j = lo; j < last; j++) {
        keys[j] = keys[j + 1]!;
        ids[j] = ids[j + 1]!;
      }
    }
    keys.pop();
    ids.pop();
    this.best = last > 0 ? ids[last - 1]! : 0;
    this.byPrice.delete(price);
    this.levels.release(id);
  }
}
