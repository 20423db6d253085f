import type { Side } from '../types.js';

/**
 * One side of the fast engine's book.
 *
 * Why this layout:
 * - Price levels sit in two parallel arrays sorted by a signed key (the price for bids, minus the
 *   price for asks), so on both sides the BEST level is the LAST element. Activity concentrates at
 *   the touch: the best level empties with `pop()` in O(1), and a new level usually lands a few
 *   slots from the end, so the shift after the binary search moves few elements. `keys` holds
 *   plain numbers (packed SMI/double elements), so the search never chases pointers, and a binary
 *   search over the few dozen to few hundred live levels costs about what a Map lookup does,
 *   without a second structure to keep in step. A balanced tree would bound the rare deep insert
 *   at O(log n) but pays pointer chasing and a node allocation for every level it creates.
 * - Each level is a FIFO intrusive doubly-linked list of order nodes: append at the tail, fill from
 *   the head, and unlink any node on cancel, all O(1), with no array to shift.
 * - Each level keeps its quantity and order count up to date, so depth is O(levels asked).
 * - Nodes and levels are recycled through free lists, and every class sets all of its fields in
 *   its constructor, so the hot path allocates nothing but the events it emits and V8 keeps one
 *   hidden class per kind of object.
 */
export class OrderNode {
  orderId = 0;
  accountId = 0;
  side: Side = 'buy';
  price = 0;
  remaining = 0;
  prev: OrderNode | null = null;
  next: OrderNode | null = null;
  level: PriceLevel | null = null;
}

export class PriceLevel {
  price = 0;
  /** Sum of `remaining` over the level's orders. */
  quantity = 0;
  count = 0;
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
  /** Link in the free list while the level is not in use. */
  nextFree: PriceLevel | null = null;
}

export class BookSide {
  /** Ascending sort keys; the last is the best price. */
  readonly keys: number[] = [];
  /** The level for each key, same index. */
  readonly levels: PriceLevel[] = [];
  /** The best level, or null when the side is empty (always `levels[levels.length - 1]`). */
  best: PriceLevel | null = null;
  private freeLevels: PriceLevel | null = null;

  constructor(
    readonly side: Side,
    /** +1 for bids (higher is better), -1 for asks (lower is better). */
    private readonly sign: number,
  ) {}

  /** The level at `price`, created (and placed in order) when there is none. */
  levelAt(price: number): PriceLevel {
    const key = this.sign * price;
    const keys = this.keys;
    const levels = this.levels;
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
      if (keys[lo] === key) return levels[lo]!;
    }
    let level = this.freeLevels;
    if (level === null) level = new PriceLevel();
    else this.freeLevels = level.nextFree;
    level.nextFree = null;
    level.price = price;
    level.quantity = 0;
    level.count = 0;
    level.head = null;
    level.tail = null;
    if (lo === n) {
      keys.push(key);
      levels.push(level);
      this.best = level;
      return level;
    }
    keys.push(key);
    levels.push(level);
    for (let j = n; j > lo; j--) {
      keys[j] = keys[j - 1]!;
      levels[j] = levels[j - 1]!;
    }
    keys[lo] = key;
    levels[lo] = level;
    return level;
  }

  /** Takes an empty level out of the side and recycles it. */
  removeLevel(level: PriceLevel): void {
    const keys = this.keys;
    const levels = this.levels;
    const last = keys.length - 1;
    if (levels[last] !== level) {
      const key = this.sign * level.price;
      let lo = 0;
      let hi = last;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (keys[mid]! < key) lo = mid + 1;
        else hi = mid;
      }
      for (let j = lo; j < last; j++) {
        keys[j] = keys[j + 1]!;
        levels[j] = levels[j + 1]!;
      }
    }
    keys.pop();
    levels.pop();
    this.best = last > 0 ? levels[last - 1]! : null;
    level.head = null;
    level.tail = null;
    level.nextFree = this.freeLevels;
    this.freeLevels = level;
  }
}

/** Appends `node` at the back of `level` (time priority). */
export function append(level: PriceLevel, node: OrderNode): void {
  node.level = level;
  node.next = null;
  node.prev = level.tail;
  if (level.tail === null) level.head = node;
  else level.tail.next = node;
  level.tail = node;
  level.count += 1;
  level.quantity += node.remaining;
}

/** Unlinks `node` from its level, taking its remaining quantity off the level's total. */
export function unlink(level: PriceLevel, node: OrderNode): void {
  const prev = node.prev;
  const next = node.next;
  if (prev === null) level.head = next;
  else prev.next = next;
  if (next === null) level.tail = prev;
  else next.prev = prev;
  level.count -= 1;
  level.quantity -= node.remaining;
  node.prev = null;
  node.next = null;
  node.level = null;
}
