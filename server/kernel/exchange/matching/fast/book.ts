import { IdIndex } from './idIndex.js';

/**
 * The fast engine's book: orders and price levels as rows of numbers in typed arrays, levels kept
 * in price order per side, each level's orders in a queue of slots (fast/levelQueues.ts).
 *
 * Why this layout (see bench/README.md for the deep-book figures that drove it):
 * - On a deep book (hundreds of thousands of resting orders) the cost of an operation is its cache
 *   misses: a cancel deep in the book touches the id index entry and the order, none of them
 *   recently used. So an order is small — one 32-byte row (`ORDER_*` below: three numbers and
 *   two int32s), two to a cache line, in one Float64Array: the bench's 450k-order book touches
 *   ~27 MB of rows, id index and level queues where 64-byte rows, a 16-byte-entry index and
 *   linked lists touched ~47 MB (about 10 % faster per CPU-second there). A JS object per order cost a line for the object, often another for boxed doubles,
 *   and the garbage collector had to trace every one of them. Slots are recycled last-in
 *   first-out, so a new order usually lands in a row still in cache.
 * - Each level keeps its orders in time priority as a ring buffer of slots (LevelQueues): append
 *   at the tail, fill from the head, and a cancel writes a tombstone (0) into its entry instead of
 *   unlinking from two neighbours, so it touches neither neighbour's row. The order's row knows
 *   its level and its sequence number in the level's queue.
 * - Levels are rows too (`LEVEL_*` offsets), with their quantity and order count kept up to date
 *   on every fill and cancel (tombstones hold no quantity), so depth is O(levels asked) and exact.
 * - Per side, the level ids sit in an array sorted by a signed key (the price for bids, minus the
 *   price for asks), so the BEST level is the LAST element: it empties with `pop()`, and most new
 *   levels land a few slots from the end. A level is found by price without a search: within
 *   LADDER ticks around where the side trades, straight from an array indexed by price (the
 *   "ladder", 4 bytes a tick, so the few thousand levels of a deep book sit in a few cache lines'
 *   worth of kilobytes, where a hash spread them over a hundred kilobytes); beyond it, through a
 *   hash of its own (an `IdIndex` keyed by price). Only creating or removing a level searches the
 *   sorted array.
 *
 * Slot and level id 0 mean "none"; the stores grow by doubling when full.
 */

/** Order rows: 4 doubles (32 bytes); order `slot` is at rows[slot * 4], its int32s at links[slot * 8]. */
export const ORDER_DOUBLES = 4;
export const ORDER_ID = 0;
export const ORDER_ACCOUNT = 1;
export const ORDER_REMAINING = 2;
// The int32 fields, read through `RowStore.links`, an Int32Array over the same memory: int32s 6
// and 7 are double field 3. Integer fields index the arrays without a double → int conversion.
/** The order's level id. */
export const ORDER_LEVEL = 6;
/** The order's sequence number in its level's queue (int32, wraps; see LevelQueues). */
export const ORDER_SEQ = 7;

/** Level rows: 8 doubles (64 bytes, one cache line); level `id` is at rows[id * 8], links[id * 16]. */
export const LEVEL_DOUBLES = 8;
export const LEVEL_PRICE = 0;
/** Sum of the remaining quantity of the level's orders. */
export const LEVEL_QUANTITY = 1;
/** The level's live orders (tombstones not counted). */
export const LEVEL_COUNT = 2;
/** 1 for a bid level, -1 for an ask level. */
export const LEVEL_SIGN = 3;
/** Int32 fields (see above): where the level's queue starts in `LevelQueues.slots`, its capacity − 1, */
export const LEVEL_BASE = 8;
export const LEVEL_MASK = 9;
/** and the sequence numbers of its first entry and of the next one to append. */
export const LEVEL_HEAD = 10;
export const LEVEL_TAIL = 11;

/**
 * Rows of `doubles` doubles (`rows`, row i at i * doubles) whose link fields are int32s (`links`,
 * row i at i * 2 * doubles); row 0 is never handed out. Freed rows are chained through the int32
 * field `link`.
 */
export class RowStore {
  rows: Float64Array;
  private capacity: number;
  private free = 0;
  private unused = 1;

  constructor(
    capacity: number,
    private readonly doubles: number,
    /** The int32 field that chains free rows. */
    private readonly link: number,
  ) {
    this.capacity = capacity;
    this.rows = new Float64Array(capacity * doubles);
    this.links = new Int32Array(this.rows.buffer);
  }

  /** The same memory as `rows`, as int32s. */
  links: Int32Array;

  /** A free row id; `rows` and `links` may be replaced (re-read them after). */
  alloc(): number {
    const id = this.free;
    if (id !== 0) {
      this.free = this.links[id * 2 * this.doubles + this.link]!;
      return id;
    }
    if (this.unused === this.capacity) {
      const grown = new Float64Array(this.capacity * 2 * this.doubles);
      grown.set(this.rows);
      this.rows = grown;
      this.links = new Int32Array(grown.buffer);
      this.capacity *= 2;
    }
    return this.unused++;
  }

  release(id: number): void {
    this.links[id * 2 * this.doubles + this.link] = this.free;
    this.free = id;
  }
}

/** Ticks covered by a side's price ladder (64 KB). */
const LADDER = 16_384;

/** One side's levels in price order (best last), and its price → level index. */
export class BookSide {
  /** Ascending sort keys (sign × price); the last is the best price. */
  readonly keys: number[] = [];
  /** The level id for each key, same index. */
  readonly ids: number[] = [];
  /** The best level's id, or 0 when the side is empty (always the last of `ids`). */
  best = 0;
  /** price → level id for every level (neighbouring prices share cache lines); the ladder answers first. */
  private readonly byPrice = new IdIndex();
  /**
   * ladder[price − ladderFrom] is the level id at that price, or 0 when there is none, for every
   * price within the window [ladderFrom, ladderFrom + LADDER): within the window it answers alone.
   * The window is centred on the side's best when a level is created outside it while the best is
   * outside it too (the market moved away), so it follows the touch.
   */
  private readonly ladder = new Int32Array(LADDER);
  private ladderFrom = Number.NEGATIVE_INFINITY;

  constructor(
    /** +1 for bids (higher is better), -1 for asks (lower is better). */
    readonly sign: number,
    private readonly levels: RowStore,
    /** The levels' queues (levelQueues.ts, which reads this file's layout): a new level's opened, an emptied one's closed. */
    private readonly queues: { open(level: number): void; close(level: number): void },
  ) {}

  /**
   * The id of the level at `price`, created (and placed in order) when there is none. Only the
   * common case is here (a level in the ladder's window), so that V8 inlines it into the engine's
   * `rest`; the rest is in `findOrCreate`.
   */
  levelAt(price: number): number {
    const offset = price - this.ladderFrom;
    if (offset >= 0 && offset < LADDER) {
      const id = this.ladder[offset]!;
      if (id !== 0) return id;
    }
    return this.findOrCreate(price);
  }

  /** `levelAt` when the ladder does not hold the level: looks beyond the window, or creates it. */
  private findOrCreate(price: number): number {
    if (!this.inLadder(price)) {
      const found = this.byPrice.get(price);
      if (found !== 0) return found;
      if (this.best === 0 || !this.inLadder(this.levels.rows[this.best * 8 + LEVEL_PRICE]!)) this.recentre(this.best === 0 ? price : this.levels.rows[this.best * 8 + LEVEL_PRICE]!);
    }
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
    this.queues.open(id);
    this.byPrice.add(price, id);
    if (this.inLadder(price)) this.ladder[price - this.ladderFrom] = id;
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

  /** Takes an empty level out of the side and recycles it and its queue. */
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
    if (this.inLadder(price)) this.ladder[price - this.ladderFrom] = 0;
    this.queues.close(id);
    this.levels.release(id);
  }

  private inLadder(price: number): boolean {
    const offset = price - this.ladderFrom;
    return offset >= 0 && offset < LADDER;
  }

  /** Moves the ladder's window to centre on `price` and fills it from the side's levels. */
  private recentre(price: number): void {
    this.ladder.fill(0);
    this.ladderFrom = price - LADDER / 2;
    const rows = this.levels.rows;
    for (const id of this.ids) if (this.inLadder(rows[id * 8 + LEVEL_PRICE]!)) this.ladder[rows[id * 8 + LEVEL_PRICE]! - this.ladderFrom] = id;
  }
}
