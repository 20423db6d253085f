import { MARKET_NOT_HERE, type CommandBatch, type CommandReply } from '../bus/messages.js';

/**
 * How long a caller waits (issue 38: an answer or a clear "try again" within 2 s), carried as the batch's deadline.
 * Past it the command may have been carried out (a holder that died before answering): the refusal asks the trader to
 * check; the Idempotency-Key makes a retry safe.
 */
export const COMMAND_BOUND_MS = 2000;

/** A command its holder could not be asked or did not answer. `maybeDone` false: it never reached one, nothing changed. */
export class MarketUnavailable extends Error {
  constructor(readonly market: string, readonly maybeDone: boolean, failed?: string) {
    super(failed ?? (maybeDone ? `the process running ${market} did not answer in time` : `no process runs ${market} now`));
  }
}

/**
 * A caller's commands to one entry: one turn's calls are one batch, answered in the caller's reply stream
 * (follower.ts). While no holder serves, a call fails at once as not done; a holder that dies while a command waits
 * does not fail it (the next takes it from the queue within the same bound).
 */
export class CommandClient {
  private nextId = 1;
  private readonly pending = new Map<number, { market: string; resolve(result: unknown): void; reject(error: unknown): void; timer: NodeJS.Timeout }>();
  private queued: CommandBatch['commands'] = [];
  /** The first queued call's: the batch is dropped unread once its first caller stopped waiting. */
  private deadline: number | undefined;

  constructor(
    private readonly send: (batch: CommandBatch) => Promise<void>,
    /** This client (its ids are its own: one per caller and entry), and the reply stream its answers come to. */
    private readonly inbox: { caller: string; key: string },
    private readonly serving: () => boolean,
    private readonly boundMs = COMMAND_BOUND_MS,
  ) {}
  call(market: string, command: unknown): Promise<unknown> {
    if (!this.serving()) return Promise.reject(new MarketUnavailable(market, false));
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(() => this.take(id)?.reject(new MarketUnavailable(market, true)), this.boundMs);
      this.pending.set(id, { market, resolve, reject, timer });
      if (this.queued.push({ id, market, command }) === 1) setImmediate(() => this.flush());
      this.deadline ??= Date.now() + this.boundMs;
    });
  }
  /** A reply from the caller's reply stream (shared by its clients of every entry). */
  receive(reply: CommandReply): void {
    const pending = reply.to === this.inbox.caller ? this.take(reply.id) : undefined;
    if (!pending) return;
    if (reply.error === MARKET_NOT_HERE) pending.reject(new MarketUnavailable(pending.market, false));
    // It failed where it ran (a holder losing its lease mid-batch): maybe done, so the caller's answer is "retry with the same key", never a 500.
    else if (reply.error !== undefined) pending.reject(new MarketUnavailable(pending.market, true, reply.error));
    else pending.resolve(reply.result);
  }
  get inFlight(): number {
    return this.pending.size;
  }
  /** Fails everything still waiting (the server stops). */
  close(): void {
    for (const [id, { market }] of this.pending) this.take(id)?.reject(new MarketUnavailable(market, true));
  }
  private flush(): void {
    const commands = this.queued;
    const deadline = this.deadline!;
    this.queued = [];
    this.deadline = undefined;
    // The XADD failed, or its answer was lost: whether the holder gets them is not known.
    this.send({ from: this.inbox.caller, replyTo: this.inbox.key, deadline, commands }).catch(() => {
      for (const { id, market } of commands) this.take(id)?.reject(new MarketUnavailable(market, true));
    });
  }
  private take(id: number) {
    const pending = this.pending.get(id);
    this.pending.delete(id);
    if (pending) clearTimeout(pending.timer);
    return pending;
  }
}
