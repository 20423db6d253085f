/**
 * orderId → order slot (a positive integer; 0 means "none"), and per book side price → level id:
 * open addressing with linear probing
 * and backward-shift deletion (no tombstones, so probe chains stay short however many orders come
 * and go).
 *
 * Why this layout: on a deep book every cancel, fill and new order touches a random entry of a
 * table of a million slots, so the cost is the cache miss, not the arithmetic. Each entry is a
 * [key, slot] pair next to each other in one Float64Array: one probe reads one cache line (a
 * separate keys array, used flags and an array of node pointers made three), the garbage collector
 * never traces it, and safe-integer ids above 2^31 cost nothing extra. Load factor at most 1/2.
 * Consecutive ids share cache lines (see `home`).
 * V8's Map costs ~11 ns per operation on small tables and much more once it outgrows the caches.
 *
 * Keys compare with `===`, as the reference engine compares ids: NaN is never found, and -0 finds 0.
 */
export class IdIndex {
  private capacity = 1024;
  private mask = 1023;
  /** table[2i] is the key of entry i, table[2i + 1] its slot (0: entry i is empty). */
  private table = new Float64Array(2048);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /**
   * Where `id`'s probe starts. Ids come in blocks of four consecutive ids that share one cache
   * line of the table (entries 4b..4b+3); the blocks are spread by Fibonacci hashing over both
   * 32-bit halves of the block number. Exchange ids are handed out in sequence, so a new order's
   * duplicate check and insert land in the line the previous orders just used, instead of a cache
   * miss each; ids with any stride still spread (at worst one per block).
   */
  private home(id: number): number {
    const block = Math.floor(id / 4);
    const key = (block | 0) ^ Math.imul((block / 4294967296) | 0, 0x85ebca6b);
    return ((Math.imul(key, 0x9e3779b1) << 2) | (id & 3)) & this.mask;
  }

  /** The slot stored for `id`, or 0. */
  get(id: number): number {
    const table = this.table;
    const mask = this.mask;
    let i = this.home(id);
    for (;;) {
      const slot = table[2 * i + 1]!;
      if (slot === 0) return 0;
      if (table[2 * i] === id) return slot;
      i = (i + 1) & mask;
    }
  }

  /** Adds an id that is not present, with a slot > 0. */
  add(id: number, slot: number): void {
    if ((this.count + 1) * 2 > this.capacity) this.grow();
    const table = this.table;
    const mask = this.mask;
    let i = this.home(id);
    while (table[2 * i + 1] !== 0) i = (i + 1) & mask;
    table[2 * i] = id;
    table[2 * i + 1] = slot;
    this.count += 1;
  }

  delete(id: number): void {
    const table = this.table;
    const mask = this.mask;
    let hole = this.home(id);
    for (;;) {
      if (table[2 * hole + 1] === 0) return;
      if (table[2 * hole] === id) break;
      hole = (hole + 1) & mask;
    }
    // Pull back every later entry of the run that may sit in the hole (its home is not in
    // (hole, j] cyclically), so lookups never need tombstones.
    let j = hole;
    for (;;) {
      j = (j + 1) & mask;
      const slot = table[2 * j + 1]!;
      if (slot === 0) break;
      const key = table[2 * j]!;
      const k = this.home(key);
      const stays = hole <= j ? hole < k && k <= j : hole < k || k <= j;
      if (!stays) {
        table[2 * hole] = key;
        table[2 * hole + 1] = slot;
        hole = j;
      }
    }
    table[2 * hole + 1] = 0;
    this.count -= 1;
  }

  private grow(): void {
    const old = this.table;
    this.capacity *= 2;
    this.mask = this.capacity - 1;
    this.table = new Float64Array(2 * this.capacity);
    this.count = 0;
    for (let i = 0; i < old.length; i += 2) if (old[i + 1] !== 0) this.add(old[i]!, old[i + 1]!);
  }
}
