import { MARKET_NOT_HERE, type CommandBatch, type CommandReply } from '../bus/messages.js';

/**
 * How long a caller waits for a market or product process to answer a command (issue 38: an
 * answer or a clear "try again" within 2 s, never a hang). The command carries it as its deadline:
 * a holder that reads it later — the process was replaced meanwhile and the new holder was not up
 * in time — drops it unread. Past it the caller is told the market did not answer, which does not
 * say the command was not carried out (a holder may have, and died before its answer went out), so
 * the refusal asks the trader to check before retrying; its Idempotency-Key makes a retry safe.
 */
export const COMMAND_BOUND_MS = 2000;

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
 * A caller's side of the commands to one entry (kernel/cluster/shards): what is called in one turn of the
 * event loop goes into the entry's command queue as one batch (one XADD), and the answers come back
 * in the caller's reply stream (follower.ts), matched by id. While the owners show no holder
 * (none has beaten yet, or it struck its beat as it stopped, or fell silent: OwnersView) a call fails at once as not
 * done, and nothing is queued; an answer that never comes fails its command after `boundMs`. A
 * holder that dies while the command waits does not fail it: the next holder takes it from the
 * queue, within the same bound.
 */
export class CommandClient {
  private nextId = 1;
  /** The caller and the entry: ids are this client's own. */
  private readonly from: string;
  private readonly pending = new Map<number, Pending>();
  private queued: CommandBatch['commands'] = [];
  /** The first queued call's: the batch is dropped unread once its first caller stopped waiting. */
  private deadline: number | undefined;
  private scheduled = false;

  constructor(
    /** Appends a batch to the entry's command queue. */
    private readonly send: (batch: CommandBatch) => Promise<void>,
    /** This client, and the stream its answers come to (replies to other clients on it are theirs). */
    private readonly inbox: { caller: string; key: string },
    /** Whether a holder of the entry is known to run now (OwnersView `serving`). */
    private readonly serving: () => boolean,
    private readonly boundMs = COMMAND_BOUND_MS,
    entry = '',
  ) {
    this.from = entry ? `${inbox.caller}/${entry}` : inbox.caller;
  }

  call(market: string, command: unknown): Promise<unknown> {
    if (!this.serving()) return Promise.reject(new MarketUnavailable(market, false));
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(() => this.fail(id, new MarketUnavailable(market, true)), this.boundMs);
      this.pending.set(id, { market, resolve, reject, timer });
      this.queued.push({ id, market, command });
      this.deadline ??= Date.now() + this.boundMs;
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  /** A reply from the caller's reply stream (shared by its clients of every entry). */
  receive(reply: CommandReply): void {
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

  /** Fails everything still waiting (the server stops). */
  close(): void {
    for (const [id, { market }] of this.pending) this.fail(id, new MarketUnavailable(market, true));
  }

  private flush(): void {
    this.scheduled = false;
    const commands = this.queued;
    const deadline = this.deadline!;
    this.queued = [];
    this.deadline = undefined;
    // Redis did not take the XADD, or took it and its answer was lost: whether the process gets the
    // commands is not known, so they fail as possibly done (the bound's answer, sooner).
    this.send({ from: this.from, replyTo: this.inbox.key, deadline, commands }).catch(() => {
      for (const { id, market } of commands) this.fail(id, new MarketUnavailable(market, true));
    });
  }

  private fail(id: number, error: MarketUnavailable): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    pending.reject(error);
  }
}
