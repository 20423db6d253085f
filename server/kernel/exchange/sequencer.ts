/**
 * The sequencer of one market: the only way into its pipeline. Commands queue here and are carried
 * through in batches — whatever queued while the previous batch ran, up to `maxBatch`, a small one
 * lingering a moment for more while the previous one is still in flight (`lingerMs`) — so a busy
 * market pays one pair of transactions for hundreds of orders instead of two per order (group
 * commit), while a quiet one still answers each order at once (a batch of one).
 *
 * Batches never overlap, and exclusive jobs (restore, idle) run between batches in queue order.
 * When memory may disagree with the database (a batch failed after the engine moved), the market
 * is `stale`: the sequencer rebuilds it before the next batch, and a batch whose rebuild fails is
 * refused rather than run on a book the database never saw.
 *
 * Reused by every market that matches orders (spot today; futures next): the pipeline's stages are
 * given, the ordering, batching and recovery rules are here.
 */
export interface Pipeline<C, R> {
  /**
   * Carries a batch through intake → matching → settlement and answers one result per command, in
   * order. It throws only when nothing of the batch was committed (the sequencer then splits the
   * batch, so one bad command cannot fail the others); after a partial commit it answers.
   */
  run(batch: C[]): Promise<R[]>;
  /**
   * Optional, for pipelining: the first stages only (intake, record, matching), answering the rest
   * (settlement) to run later. Throws, like `run`, only when nothing of the batch was committed. With
   * it the sequencer records and matches batch N+1 while batch N settles (see `Staged`).
   */
  start?(batch: C[]): Promise<Staged<R>>;
  /** Rebuilds memory from the database (a fresh engine, candles, statistics). */
  rebuild(): Promise<void>;
}

/**
 * A batch that has been recorded and matched, waiting to settle. `finish` settles it and answers one
 * result per command; when settlement fails it answers errors and sets the sequencer `stale` itself
 * (memory is ahead of the database). Settlements run one at a time, in order.
 *
 * `committed`: called once the settlement has committed, before the answers are ready — they may
 * still wait for the commit to reach the disk (the durability barrier). The next batch settles from
 * then on, so its settlement overlaps this one's wait for the disk and consecutive batches share an
 * fsync instead of paying one each in turn. Not calling it is safe: the next batch then waits for
 * the answers.
 */
export interface Staged<R> {
  finish(committed: () => void): Promise<R[]>;
}

interface Queued<C, R> {
  command: C;
  resolve(result: R): void;
  reject(error: unknown): void;
}

interface Exclusive {
  work(): Promise<unknown>;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

type Entry<C, R> = { kind: 'command'; item: Queued<C, R> } | { kind: 'exclusive'; item: Exclusive };

export const DEFAULT_MAX_BATCH = 256;

/**
 * A pipelined market's linger: while its previous batch is still settling or waiting for the disk,
 * a batch of fewer than LINGER_BELOW commands waits LINGER_MS for more before it starts. Every
 * batch costs the database the same few statements whatever its size, and without a wait the
 * batches stayed a few commands each (2–3 at 1,000 orders/s); the wait falls while the database is
 * busy with the previous batch anyway, and a quiet market (nothing in flight) never waits.
 *
 * bench:pipeline, embedded database, 500 subscribers, A/B pairs in one sitting (2026-11-24):
 *
 * | linger, below | database CPU at 500 / 1,000 orders/s | 2,000/s offered: answered | push p50 at 200/s |
 * |---|---|---|---|
 * | 1 ms, 16 | 0.58–0.60 / 0.65–0.68 | 1,723, 1,768 | 13–17 ms |
 * | 4 ms, 64 | 0.47–0.51 / 0.59–0.61 | 1,606–1,874 | 14–20 ms |
 * | 8 ms, 128 | 0.40–0.48 / 0.47–0.57 | 1,565–1,948 (2,000/s sustained once) | 15–20 ms |
 * | 16 ms, 256 | 0.33 / 0.40 | 1,693 | 22 ms |
 *
 * The server's event loop, not the database, is what saturates first (its CPU plus its run-queue
 * wait make a whole core at 2,000/s), so past 8 ms the database's savings no longer buy throughput
 * and the wait only adds latency. Before any linger (1 ms against none): 1,801 and 1,669/s answered
 * against 1,517 and 1,333.
 */
export const LINGER_MS = 8;
export const LINGER_BELOW = 128;

export interface SequencerOptions {
  /** The most commands in one batch. */
  maxBatch?: number;
  /** How long a small batch waits for more while the previous one is in flight (0: never; LINGER_MS for a market). */
  lingerMs?: number;
}

export class Sequencer<C, R> {
  private queue: Entry<C, R>[] = [];
  private draining = false;
  /** Memory may be ahead of the database: rebuild before the next batch. */
  stale = false;
  /** Figures for benches and logs. */
  readonly stats = { batches: 0, commands: 0, largestBatch: 0, splits: 0 };

  private readonly maxBatch: number;
  private readonly lingerMs: number;

  constructor(
    private readonly pipeline: Pipeline<C, R>,
    { maxBatch = DEFAULT_MAX_BATCH, lingerMs = 0 }: SequencerOptions = {},
  ) {
    this.maxBatch = maxBatch;
    this.lingerMs = lingerMs;
  }

  submit(command: C): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ kind: 'command', item: { command, resolve, reject } });
      this.drain();
    });
  }

  /** Runs `work` alone, after everything queued before it and before anything queued after. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ kind: 'exclusive', item: { work, resolve: resolve as (r: unknown) => void, reject } });
      this.drain();
    });
  }

  /** Resolves once everything queued so far has been carried out. */
  idle(): Promise<void> {
    return this.exclusive(async () => undefined);
  }

  /** Marks memory as disagreeing with the database and tries to rebuild at once. */
  async recover(): Promise<void> {
    this.stale = true;
    await this.rebuildIfStale().catch(() => undefined);
  }

  private drain(): void {
    if (this.draining) return;
    this.draining = true;
    // Start on a later turn of the event loop, so that commands submitted together (one HTTP burst,
    // a market maker's whole ladder) land in one batch.
    setImmediate(() => void this.loop());
  }

  private async loop(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const head = this.queue[0]!;
        if (head.kind === 'exclusive') {
          this.queue.shift();
          await this.settled();
          await head.item.work().then(head.item.resolve, head.item.reject);
          continue;
        }
        if (this.lingerMs > 0 && this.finishing.size > 0 && this.queue.length < LINGER_BELOW) await new Promise((resolve) => setTimeout(resolve, this.lingerMs));
        const batch: Queued<C, R>[] = [];
        while (batch.length < this.maxBatch && this.queue[0]?.kind === 'command') batch.push((this.queue.shift() as { item: Queued<C, R> }).item);
        if (this.pipeline.start) await this.startBatch(batch);
        else await this.runBatch(batch);
      }
    } finally {
      this.draining = false;
      // Something may have been queued between the last check and the flag going down.
      if (this.queue.length > 0) this.drain();
    }
  }

  /** Answers held back until the rebuild after a failed settlement (see `startBatch`). */
  private held: Array<() => void> = [];

  /** Rebuilds a stale market (no batch may be in flight), then gives the held answers. */
  private async rebuildThenDeliver(): Promise<void> {
    try {
      await this.rebuildIfStale();
    } finally {
      for (const deliver of this.held.splice(0)) deliver();
    }
  }

  /** Batches settling or waiting to answer (pipelined markets: at most one settling, others waiting for the disk). */
  private readonly finishing = new Set<Promise<void>>();
  /** The last settlement started; the next waits for its commit. */
  private committing: Promise<void> | undefined;

  /** Waits until no batch is settling or waiting to answer. */
  private async settled(): Promise<void> {
    while (this.finishing.size > 0) await Promise.all(this.finishing);
  }

  /** Waits for the settlement in progress to commit (its answers may still be waiting). */
  private async previousCommitted(): Promise<void> {
    while (this.committing) {
      const committing = this.committing;
      await committing;
      if (this.committing === committing) this.committing = undefined;
    }
  }

  /**
   * Pipelined: records and matches `batch` while the previous batch settles, then lets it settle in
   * turn. Settlements never overlap and keep the batches' order; a batch whose predecessor failed to
   * settle is not settled on the book that failure left (its orders are recorded, so the rebuild
   * replays them) and its callers get the error.
   */
  private async startBatch(batch: Queued<C, R>[]): Promise<void> {
    if (this.stale) {
      await this.settled();
      try {
        await this.rebuildThenDeliver();
      } catch (error) {
        for (const q of batch) q.reject(error);
        return;
      }
    }
    let staged: Staged<R>;
    try {
      staged = await this.pipeline.start!(batch.map((q) => q.command));
    } catch {
      // Nothing of it committed and the book is as it was: settle what is in flight, then carry the
      // batch through unpipelined, which splits it so that one bad command cannot fail the others.
      await this.settled();
      await this.runBatch(batch);
      return;
    }
    await this.previousCommitted();
    if (this.stale) {
      // Whatever is still in flight finishes before the rebuild.
      await this.settled();
      const error = new Error('the previous batch failed to settle; this one was recorded and is replayed by the rebuild');
      this.held.push(() => batch.forEach((q) => q.reject(error)));
      await this.rebuildThenDeliver().catch(() => undefined);
      return;
    }
    this.stats.batches += 1;
    this.stats.commands += batch.length;
    this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
    let committed!: () => void;
    const commit = new Promise<void>((resolve) => (committed = resolve));
    const finishing = staged
      .finish(() => committed())
      .then(
        (results) => {
          const deliver = () => batch.forEach((q, i) => q.resolve(results[i]!));
          // A failed settlement (the pipeline set `stale`): its callers hear of it once the market
          // has been rebuilt, as in the unpipelined path, so what they then read is consistent.
          if (!this.stale) return deliver();
          this.held.push(deliver);
          // With nothing queued behind it, rebuild now rather than at the next command.
          void this.exclusive(() => this.rebuildThenDeliver()).catch(() => undefined);
        },
        (error) => {
          this.stale = true;
          for (const q of batch) q.reject(error);
        },
      )
      .finally(() => {
        committed();
        this.finishing.delete(finishing);
      });
    this.finishing.add(finishing);
    this.committing = commit;
  }

  private async runBatch(batch: Queued<C, R>[]): Promise<void> {
    try {
      await this.rebuildIfStale();
    } catch (error) {
      for (const q of batch) q.reject(error);
      return;
    }
    try {
      const results = await this.pipeline.run(batch.map((q) => q.command));
      this.stats.batches += 1;
      this.stats.commands += batch.length;
      this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
      batch.forEach((q, i) => q.resolve(results[i]!));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // Nothing of the batch committed: carry the halves through on their own, so the command
      // that failed is isolated and the others go through.
      this.stats.splits += 1;
      const middle = Math.ceil(batch.length / 2);
      await this.runBatch(batch.slice(0, middle));
      await this.runBatch(batch.slice(middle));
    }
  }

  private async rebuildIfStale(): Promise<void> {
    if (!this.stale) return;
    await this.pipeline.rebuild();
    this.stale = false;
  }
}
