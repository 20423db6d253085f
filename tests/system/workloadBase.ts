import { seededRandom } from '../../server/kernel/exchange/random.js';
import { call, newKey, type Answer } from './client.js';
import type { OperatorSession } from './operatorCodes.js';
import { ID_OF, type Acknowledged, type Kind, type Trader } from './submissions.js';

/**
 * What every step of the workload (workload.ts) stands on: the seeded random choices, the calls,
 * and the record of what was acknowledged, answered with a server error, lost in a broken
 * connection or let through a lock. The steps are subclasses by area (workloadSpotWalletSteps.ts,
 * workloadProductSteps.ts, then the mix in Workload): one chain, so that all of them draw from the
 * one seeded stream, in the order the mix calls them, and write to the one record.
 */
export abstract class WorkloadBase {
  readonly acknowledged: Acknowledged[] = [];
  /** Random operations started so far (by every worker). */
  steps = 0;
  /** Submissions whose outcome is unknown (the connection broke, e.g. in a crash), with why. */
  readonly unknown: string[] = [];
  protected readonly random: () => number;
  protected readonly sent: Array<{ trader: Trader; path: string; body: object; key: string; kind: Kind; id: number }> = [];
  /** Pairs of answers to one key that named different ids: must stay empty. */
  readonly duplicateEffects: string[] = [];
  /** Submissions whose connection broke before an answer, kept to send again with their key (`resendUnsure`). */
  private readonly unsure: Array<{ trader: Trader; path: string; body: object; key: string; kind: Kind; quantity?: string; sentAt: number }> = [];
  /** Answers with a body code of 500 or more (a refusal is 4xx): must stay empty. */
  readonly serverErrors: string[] = [];
  /** Successful steps of each product's life cycle (opens, closes, payments, releases …), for the coverage check. */
  readonly counts: Record<string, number> = {};
  /** Traders whose withdrawals are locked (a security change): every way their crypto leaves must be refused. */
  protected readonly locked = new Set<string>();
  /** Ways out a locked trader was let through: must stay empty (issue 49 §2). */
  readonly lockBreaches: string[] = [];

  constructor(
    protected url: string,
    protected readonly traders: Trader[],
    /** The operator who approves and fails withdrawals: its token, and its own code for an approval. */
    protected readonly operator: OperatorSession,
    protected readonly prices: Record<string, number>,
    seed: number,
    /** `spot`: only limit and market orders and cancels (the spot pipeline's own commits). */
    protected readonly mix: 'all' | 'spot' = 'all',
  ) {
    this.random = seededRandom(seed);
  }

  /** One random operation: the mix of Workload. */
  abstract step(): Promise<void>;

  protected pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  protected amount(max: number, decimals: number): string {
    return (Math.max(1 / 10 ** decimals, this.random() * max)).toFixed(decimals);
  }

  /** Runs `steps` random operations one after another (run several workers for concurrency). */
  async run(steps: number, stopped: () => boolean = () => false): Promise<void> {
    for (let i = 0; i < steps && !stopped(); i++) {
      this.steps++;
      try {
        await this.step();
      } catch (error) {
        if (stopped()) return;
        // A broken connection, or a load balancer with no process behind it for a moment (502/503,
        // the cluster tests): the outcome of that one submission is unknown.
        if (String(error).includes('fetch failed') || /HTTP 50[23]/.test(String(error))) {
          this.unknown.push(String((error as { cause?: unknown }).cause ?? error));
          await new Promise((r) => setTimeout(r, 100));
        } else throw error;
      }
    }
  }

  /** From now on, calls go to `url` (another HTTP front of the same exchange). */
  reroute(url: string): void {
    this.url = url;
  }

  /**
   * What a client does after a broken connection: sends each submission whose answer it never got
   * again, with the same key, where calls go now. Answered with success, it is acknowledged; and
   * sent once more, it must name the same id (one effect, however many times it arrived).
   */
  async resendUnsure(): Promise<number> {
    const pending = this.unsure.splice(0);
    for (const { trader, path, body, key, kind, quantity, sentAt } of pending) {
      const id = await this.submit(trader, kind, path, body, key, quantity, sentAt);
      if (id === undefined) continue;
      const again = await this.post(trader, path, body, key);
      if (again.code === 200 && ID_OF[kind](again.data) !== id) this.duplicateEffects.push(`${path} key ${key}: ${id} then ${ID_OF[kind](again.data)}`);
    }
    return pending.length;
  }

  /** One call as `trader` (or the operator); an answer of body code 500 or more is recorded as a server error. */
  protected async post<T = any>(trader: Trader | undefined, path: string, body: object, key?: string): Promise<Answer<T>> {
    const answer = await call<T>(this.url, path, body, { token: trader ? trader.token : this.operator.token, key });
    if (answer.code >= 500) this.serverErrors.push(`${path} ${JSON.stringify(body)}: ${answer.code} ${answer.msg}`);
    return answer;
  }

  protected count(what: string): void {
    this.counts[what] = (this.counts[what] ?? 0) + 1;
  }

  protected async submit(trader: Trader, kind: Kind, path: string, body: object, key = newKey(), quantity?: string, sentAt = Date.now()): Promise<number | undefined> {
    let answer: Answer<any>;
    try {
      answer = await this.post(trader, path, body, key);
    } catch (error) {
      this.unsure.push({ trader, path, body, key, kind, quantity, sentAt });
      throw error;
    }
    if (answer.code !== 200) return undefined;
    const id = ID_OF[kind](answer.data);
    this.acknowledged.push({ trader: trader.account, kind, id, key, ...(quantity === undefined ? {} : { quantity }), sentAt, at: Date.now() });
    this.sent.push({ trader, path, body, key, kind, id });
    return id;
  }

  /** From now on the trader's withdrawals are locked: every withdrawal, P2P sale and release of theirs must be refused. */
  lockOut(trader: Trader): void {
    this.locked.add(trader.account);
  }

  /** A way out for a locked trader: refused, and counted; a success is a breach. */
  protected async expectLocked(trader: Trader, path: string, body: object): Promise<void> {
    const answer = await this.post(trader, path, body, newKey());
    if (answer.code === 200) this.lockBreaches.push(`${path} ${JSON.stringify(body)} of ${trader.account}`);
    else this.count('locked.refused');
  }
}
