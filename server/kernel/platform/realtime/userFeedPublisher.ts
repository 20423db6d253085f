import { USER_CHANNEL, type UserChannelMessage } from '../../../../domain/userChannel.js';
import { PLAN_ONCE, type Queryable } from '../db/database.js';
import type { WalletAccount } from '../ledger/ledger.js';
import type { BalanceRow, UserFeed, UserOrder } from './userFeed.js';

/** Where the feed's messages go: the gateway's per-user rooms (Realtime.publishToUser / userListening). */
export interface UserSockets {
  listening(userId: number): boolean;
  send(userId: number, message: UserChannelMessage): void;
}

interface Pending {
  messages: UserChannelMessage[];
  /** By id: a later commit's view of the same order replaces the earlier one. */
  orders: Map<number, UserOrder>;
  balances: Map<string, { currency: string; account: WalletAccount }>;
}

/**
 * The private user channel's feed. Callers say, after their commit, what changed; this reads the
 * committed balance rows (orders come as their committing statement wrote them) and pushes them to
 * that user's sockets. A user with no subscribed socket costs
 * nothing (market makers trade all the time), and changes heard in the same turn of the event loop,
 * or while the previous read was in flight, are read once. Pushes go out in the order they were
 * heard, so a newer value is never overtaken by an older one.
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

  listening(userId: number): boolean {
    return this.sockets.listening(userId);
  }

  balancesChanged(userId: number, rows: ReadonlyArray<{ currency: string; account: WalletAccount }>): void {
    if (rows.length === 0 || !this.sockets.listening(userId)) return;
    const p = this.pendingFor(userId);
    for (const r of rows) p.balances.set(`${r.currency}:${r.account}`, { currency: r.currency, account: r.account });
    this.schedule();
  }

  message(userId: number, message: UserChannelMessage): void {
    if (!this.sockets.listening(userId)) return;
    this.pendingFor(userId).messages.push(message);
    this.schedule();
  }

  ordersCommitted(userId: number, orders: readonly UserOrder[]): void {
    if (orders.length === 0 || !this.sockets.listening(userId)) return;
    const p = this.pendingFor(userId);
    for (const order of orders) p.orders.set(order.id, order);
    this.schedule();
  }

  /** Resolves once everything heard so far has been pushed (tests and shutdown). */
  async idle(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    await this.flushing;
  }

  private pendingFor(userId: number): Pending {
    let p = this.pending.get(userId);
    if (!p) this.pending.set(userId, (p = { messages: [], orders: new Map(), balances: new Map() }));
    return p;
  }

  /**
   * One flush at a time, and the next takes everything heard until it starts: changes heard while a
   * read is in flight wait for it and go together in the next, so under load the reads follow the
   * database's pace (about one per round trip) rather than one per event-loop turn with a change,
   * and a quiet feed still flushes at the end of the turn that heard it.
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.flushing = this.flushing.then(() => {
        this.scheduled = false;
        const batch = this.pending;
        this.pending = new Map();
        return this.flush(batch).catch((error: unknown) => this.log('user feed push failed', error));
      });
    });
  }

  /**
   * Pushes one flush: every listed user's balances read in one query (not one per user: with many
   * traders online that was most of the server's statements), then sent per user in the order
   * heard.
   */
  private async flush(batch: Map<number, Pending>): Promise<void> {
    // The socket may have gone while the batch waited.
    const users = [...batch].filter(([userId]) => this.sockets.listening(userId));
    if (users.length === 0) return;
    let balances: Map<number, BalanceRow[]>;
    try {
      balances = await this.readBalances(users.filter(([, p]) => p.balances.size > 0).map(([userId, p]) => ({ userId, wanted: [...p.balances.values()] })));
    } catch (error) {
      // A failed read only costs this push's balances; the next change sends fresh values. Orders
      // and messages carry their own payload and still go.
      this.log('user feed push failed', error);
      balances = new Map();
    }
    for (const [userId, p] of users) {
      for (const order of p.orders.values()) this.sockets.send(userId, orderMessage(order));
      const rows = balances.get(userId);
      if (rows) this.sockets.send(userId, balanceMessage(rows));
      for (const message of p.messages) this.sockets.send(userId, message);
    }
  }

  /** The committed rows, per user in the order asked; a currency the user never held reads as zero. */
  private async readBalances(wanted: Array<{ userId: number; wanted: Array<{ currency: string; account: WalletAccount }> }>): Promise<Map<number, BalanceRow[]>> {
    const result = new Map<number, BalanceRow[]>();
    const keys = wanted.flatMap(({ userId, wanted: rows }) => rows.map((r) => ({ userId, ...r })));
    if (keys.length === 0) return result;
    const rows = await this.db.query<BalanceRow & { user_id: number }>(
      `select b.user_id, b.currency, b.account, trim_scale(b.available)::text as available, trim_scale(b.frozen)::text as frozen
       from balance b join unnest($1::bigint[], $2::text[], $3::text[]) as t(u, c, a) on b.user_id = t.u and b.currency = t.c and b.account = t.a`,
      [keys.map((k) => k.userId), keys.map((k) => k.currency), keys.map((k) => k.account)],
      PLAN_ONCE,
    );
    const found = new Map(rows.map(({ user_id, ...r }) => [`${Number(user_id)}:${r.currency}:${r.account}`, r]));
    for (const { userId, wanted: asked } of wanted) {
      result.set(
        userId,
        asked.map((w) => found.get(`${userId}:${w.currency}:${w.account}`) ?? { currency: w.currency, account: w.account, available: '0', frozen: '0' }),
      );
    }
    return result;
  }
}

/** The feed's own two messages (docs/API.md "The private channel"): an order as its product wrote it, and balance rows. */
const orderMessage = (order: UserOrder): UserChannelMessage & { order: UserOrder } => ({ channel: USER_CHANNEL, kind: 'order', order });
const balanceMessage = (balances: BalanceRow[]): UserChannelMessage & { balances: BalanceRow[] } => ({ channel: USER_CHANNEL, kind: 'balance', balances });
