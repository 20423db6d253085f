/**
 * A product's timed loops (sweeps, settlement runs, book flushes, market makers): each loop runs
 * its work, waits, and runs it again, so two runs of one loop never overlap; a run that fails is
 * logged and the loop goes on. `stop` ends every loop and waits for the runs in flight, so a
 * product's stop step can close what they use afterwards. A failure once stopping has begun is
 * not logged (what it used is going away).
 */
export class Loops {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly log: (message: string, error?: unknown) => void,
    /** Timers that do not keep the process alive by themselves. */
    private readonly options: { unref?: boolean } = {},
  ) {}

  /**
   * Runs `work` every `wait` ms (a function: asked for each wait, after the run before it), the
   * first time after `first` ms if given; a failure is logged as `failure`.
   */
  every(wait: number | (() => number), work: () => unknown, failure: string, first?: number): void {
    const next = typeof wait === 'number' ? () => wait : wait;
    const schedule = (delay: number) => {
      if (this.stopped) return;
      const timer = setTimeout(async () => {
        this.timers.delete(timer);
        const run = (async () => {
          try {
            await work();
          } catch (error) {
            if (!this.stopped) this.log(failure, error);
          }
        })();
        this.running.add(run);
        await run;
        this.running.delete(run);
        schedule(next());
      }, delay);
      if (this.options.unref) timer.unref?.();
      this.timers.add(timer);
    };
    schedule(first ?? next());
  }

  /** No run starts any more; resolves when the runs in flight have ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(this.running);
  }
}
