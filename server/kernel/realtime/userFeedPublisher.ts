import { USER_CHANNEL, type SpotOrder, type UserStreamMessage } from '../../../src/domain/spotOrders.js';
import type { BalanceRow, WalletAccount } from '../../../src/domain/wallet.js';
import type { Queryable } from '../db/database.js';
import type { UserFeed } from './userFeed.js';

/** Where the feed's messages go: the gateway's per-user rooms (Realtime.publishToUser / userListening). */
export interface UserSockets {
  listening(userId: number): boolean;
  send(userId: number, message: UserStreamMessage): void;
}

/** Reads a user's orders by id from committed rows; supplied by the product that owns orders (spot). */
export type OrderReader = (db: Queryable, userId: number, orderIds: number[]) => Promise<SpotOrder[]>;

interface Pending {
  messages: UserStreamMessage[];
  orders: Set<number>;
  balances: Map<string, { currency: string; account: WalletAccount }>;
}

/**
 * The private user channel's feed. Callers say, after their commit, what changed; this reads the
 * committed rows and pushes them to that user's sockets. A user with no subscribed socket costs
 * nothing (market makers trade all the time), and changes heard in the same turn of the event loop
 * are read once. Pushes go out in the order they were heard, so a newer value is never overtaken
 * by an older one.
 */
export class UserFeedPublisher implements UserFeed {
  private pending = new Map<number, Pending>();
  private scheduled = false;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Queryable,
    private readonly sockets: UserSockets,
    private readonly log: (message: string, error: unknown) => void = () => undefined,
  ) {}

  private readOrders: OrderReader = async () => [];

  /** Set at the composition root by the product that owns orders (the kernel knows no product). */
  readOrdersWith(reader: OrderReader): void {
    this.readOrders = reader;
  }

  listening(userId: number): boolean {
    return this.sockets.listening(userId);
  }

  balancesChanged(userId: number, rows: ReadonlyArray<{ currency: string; account: WalletAccount }>): void {
    if (rows.length === 0 || !this.sockets.listening(userId)) return;
    const p = this.pendingFor(userId);
    for (const r of rows) p.balances.set(`${r.currency}:${r.account}`, { currency: r.currency, account: r.account });
    this.schedule();
  }

  message(userId: number, message: UserStreamMessage): void {
    if (!this.sockets.listening(userId)) return;
    this.pendingFor(userId).messages.push(message);
    this.schedule();
  }

  ordersChanged(userId: number, orderIds: readonly number[]): void {
    if (orderIds.length === 0 || !this.sockets.listening(userId)) return;
    const p = this.pendingFor(userId);
    for (const id of orderIds) p.orders.add(id);
    this.schedule();
  }

  /** Resolves once everything heard so far has been pushed (tests and shutdown). */
  async idle(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    await this.flushing;
  }

  private pendingFor(userId: number): Pending {
    let p = this.pending.get(userId);
    if (!p) this.pending.set(userId, (p = { messages: [], orders: new Set(), balances: new Map() }));
    return p;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const batch = this.pending;
      this.pending = new Map();
      this.flushing = this.flushing.then(() => this.flush(batch));
    });
  }

  private async flush(batch: Map<number, Pending>): Promise<void> {
    for (const [userId, p] of batch) {
      // The socket may have gone while the batch waited.
      if (!this.sockets.listening(userId)) continue;
      try {
        for (const order of p.orders.size > 0 ? await this.readOrders(this.db, userId, [...p.orders]) : []) {
          this.sockets.send(userId, { channel: USER_CHANNEL, kind: 'order', order });
        }
        if (p.balances.size > 0) {
          this.sockets.send(userId, { channel: USER_CHANNEL, kind: 'balance', balances: await this.readBalances(userId, [...p.balances.values()]) });
        }
        for (const message of p.messages) this.sockets.send(userId, message);
      } catch (error) {
        // A failed read only costs this push; the next change sends fresh values.
        this.log('user feed push failed', error);
      }
    }
  }

  /** The committed rows; a currency the user never held reads as zero. */
  private async readBalances(userId: number, wanted: Array<{ currency: string; account: WalletAccount }>): Promise<BalanceRow[]> {
    const rows = await this.db.query<BalanceRow>(
      `select currency, account, trim_scale(available)::text as available, trim_scale(frozen)::text as frozen
       from balance where user_id = $1 and currency = any($2::text[]) and account = any($3::text[])`,
      [userId, [...new Set(wanted.map((w) => w.currency))], [...new Set(wanted.map((w) => w.account))]],
    );
    const found = new Map(rows.map((r) => [`${r.currency}:${r.account}`, r]));
    return wanted.map((w) => found.get(`${w.currency}:${w.account}`) ?? { currency: w.currency, account: w.account, available: '0', frozen: '0' });
  }
}
