import type { RealtimeBus } from '../realtime/bus/redisBus.js';
import { MARKET_NOT_HERE, type BusMessage, type CommandBatch } from '../realtime/bus/messages.js';

/**
 * How long the server waits for a market process to answer a command. Past it the caller is told
 * the market did not answer — which does not say the command was not carried out (it may have
 * been, with the answer lost in a crash), so the refusal asks the trader to check before retrying.
 */
export const COMMAND_TIMEOUT_MS = 10_000;

/**
 * A command the market's process could not be asked, or did not answer. `maybeDone` false: it never
 * reached the process (none was listening, or the market does not run there), so nothing changed.
 */
export class MarketUnavailable extends Error {
  constructor(
    readonly market: string,
    readonly maybeDone: boolean,
  ) {
    super(maybeDone ? `the process running ${market} did not answer in time` : `no process runs ${market} now`);
  }
}

interface Pending {
  market: string;
  resolve(result: unknown): void;
  reject(error: unknown): void;
  timer: NodeJS.Timeout;
}

/**
 * The server's side of the commands to one market process (kernel/shards): what is called in one
 * turn of the event loop goes out as one PUBLISH, and the answers come back in the process's
 * stream (BusMessage `reply`), matched by id. A PUBLISH that no process received fails its
 * commands at once; an answer that never comes fails its command after `timeoutMs`.
 */
export class CommandClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private queued: CommandBatch['commands'] = [];
  private scheduled = false;

  constructor(
    private readonly bus: RealtimeBus,
    /** This server's instance: replies to others in the same stream are theirs. */
    private readonly from: string,
    private readonly timeoutMs = COMMAND_TIMEOUT_MS,
  ) {}

  call(market: string, command: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(() => this.fail(id, new MarketUnavailable(market, true)), this.timeoutMs);
      this.pending.set(id, { market, resolve, reject, timer });
      this.queued.push({ id, market, command });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  /** A reply from the stream (every server following the process hears every reply). */
  receive(reply: Extract<BusMessage, { k: 'reply' }>): void {
    if (reply.to !== this.from) return;
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    clearTimeout(pending.timer);
    if (reply.error === MARKET_NOT_HERE) pending.reject(new MarketUnavailable(pending.market, false));
    else if (reply.error !== undefined) pending.reject(new Error(reply.error));
    else pending.resolve(reply.result);
  }

  /** Commands waiting for an answer (tests, shutdown). */
  get inFlight(): number {
    return this.pending.size;
  }

  /**
   * The process these commands went to is gone (EdgeSync's `instanceGone`: a standby took over, it
   * restarted, or it fell silent): what it never answered fails now as possibly done, so callers
   * retry with their idempotency keys within a second or two instead of waiting out the timeout.
   */
  abandon(): void {
    this.close();
  }

  /** Fails everything still waiting (the server stops). */
  close(): void {
    for (const [id, { market }] of this.pending) this.fail(id, new MarketUnavailable(market, true));
  }

  private flush(): void {
    this.scheduled = false;
    const commands = this.queued;
    this.queued = [];
    this.bus.sendCommands({ from: this.from, commands }).then(
      (receivers) => {
        if (receivers === 0) for (const { id, market } of commands) this.fail(id, new MarketUnavailable(market, false));
      },
      // Redis did not take the PUBLISH, or took it and its answer was lost: whether the process got
      // the commands is not known, so they fail as possibly done (the timeout's answer, sooner).
      () => {
        for (const { id, market } of commands) this.fail(id, new MarketUnavailable(market, true));
      },
    );
  }

  private fail(id: number, error: MarketUnavailable): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    pending.reject(error);
  }
}
