import { SPOT_PATHS, type SpotOrder } from '../../src/domain/spotOrders.js';
import { WALLET_ACCOUNTS, WALLET_PATHS, type DepositAddress, type TransferRecord, type WithdrawalRecord } from '../../src/domain/wallet.js';
import { seededRandom } from '../../server/kernel/random.js';
import { call, FUNDS_PASSWORD, mustCall, newKey, type Answer } from './client.js';

export interface Trader {
  account: string;
  token: string;
}

/** A submission the server answered with success: it must be in the books forever after. */
export interface Acknowledged {
  trader: string;
  kind: 'order' | 'transfer' | 'withdrawal';
  id: number;
  key: string;
}

/** Funds a trader through the simulated chain and waits until the deposit is credited. */
export async function fund(url: string, trader: Trader, currency: string, network: string, quantity: string): Promise<void> {
  const { address } = await mustCall<DepositAddress>(url, WALLET_PATHS.depositAddress, { currency, network }, { token: trader.token });
  await mustCall(url, WALLET_PATHS.simulateDeposit, { address, currency, network, quantity });
}

export async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const PAIRS = [
  { symbol: 'BTC_USDT', base: 'BTC', price: 'btc' },
  { symbol: 'ETH_USDT', base: 'ETH', price: 'eth' },
] as const;

/**
 * Random deposits aside, every operation a trader can start: transfers between the five accounts,
 * limit and market orders, cancels, withdrawals (some cancelled by the trader, some approved or
 * failed by the operator), and repeats of earlier submissions with the same idempotency key, some
 * sent twice at once. Refusals (insufficient funds, limits) are normal answers; what the server
 * acknowledges is recorded.
 */
export class Workload {
  readonly acknowledged: Acknowledged[] = [];
  /** Submissions whose outcome is unknown (the connection broke, e.g. in a crash), with why. */
  readonly unknown: string[] = [];
  private readonly random: () => number;
  private readonly openOrders = new Map<string, number[]>();
  private readonly pendingWithdrawals: Array<{ trader: Trader; id: number }> = [];
  private readonly sent: Array<{ trader: Trader; path: string; body: object; key: string; kind: Acknowledged['kind']; id: number }> = [];
  /** Pairs of answers to one key that named different ids: must stay empty. */
  readonly duplicateEffects: string[] = [];
  /** Submissions whose connection broke before an answer, kept to send again with their key (`resendUnsure`). */
  private readonly unsure: Array<{ trader: Trader; path: string; body: object; key: string; kind: Acknowledged['kind'] }> = [];

  constructor(
    private url: string,
    private readonly traders: Trader[],
    private readonly operatorToken: string,
    private readonly prices: Record<string, number>,
    seed: number,
    /** `spot`: only limit and market orders and cancels (the spot pipeline's own commits). */
    private readonly mix: 'all' | 'spot' = 'all',
  ) {
    this.random = seededRandom(seed);
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private amount(max: number, decimals: number): string {
    return (Math.max(1 / 10 ** decimals, this.random() * max)).toFixed(decimals);
  }

  /** Runs `steps` random operations one after another (run several workers for concurrency). */
  async run(steps: number, stopped: () => boolean = () => false): Promise<void> {
    for (let i = 0; i < steps && !stopped(); i++) {
      try {
        await this.step();
      } catch (error) {
        if (stopped()) return;
        // A broken connection: the outcome of that one submission is unknown.
        if (String(error).includes('fetch failed')) this.unknown.push(String((error as { cause?: unknown }).cause ?? error));
        else throw error;
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
    for (const { trader, path, body, key, kind } of pending) {
      const id = await this.submit(trader, kind, path, body, key);
      if (id === undefined) continue;
      const again = await call<{ id: number }>(this.url, path, body, { token: trader.token, key });
      if (again.code === 200 && again.data.id !== id) this.duplicateEffects.push(`${path} key ${key}: ${id} then ${again.data.id}`);
    }
    return pending.length;
  }

  private async submit(trader: Trader, kind: Acknowledged['kind'], path: string, body: object, key = newKey()): Promise<number | undefined> {
    let answer: Answer<{ id: number }>;
    try {
      answer = await call<{ id: number }>(this.url, path, body, { token: trader.token, key });
    } catch (error) {
      this.unsure.push({ trader, path, body, key, kind });
      throw error;
    }
    if (answer.code !== 200) return undefined;
    const id = answer.data.id;
    this.acknowledged.push({ trader: trader.account, kind, id, key });
    this.sent.push({ trader, path, body, key, kind, id });
    return id;
  }

  async step(): Promise<void> {
    const trader = this.pick(this.traders);
    const roll = this.random();
    if (this.mix === 'spot') {
      if (roll < 0.55) return this.limitOrder(trader);
      if (roll < 0.75) return this.marketOrder(trader);
      return this.cancelOrder(trader);
    }
    if (roll < 0.22) return this.transfer(trader);
    if (roll < 0.52) return this.limitOrder(trader);
    if (roll < 0.62) return this.marketOrder(trader);
    if (roll < 0.75) return this.cancelOrder(trader);
    if (roll < 0.84) return this.withdraw(trader);
    if (roll < 0.92) return this.settleWithdrawal();
    return this.repeat();
  }

  private async transfer(trader: Trader): Promise<void> {
    const currency = this.pick(['USDT', 'BTC', 'ETH']);
    const from = this.random() < 0.6 ? 'spot' : this.pick(WALLET_ACCOUNTS);
    const to = this.pick(WALLET_ACCOUNTS.filter((a) => a !== from));
    const quantity = currency === 'USDT' ? this.amount(300, 2) : this.amount(0.05, 5);
    await this.submit(trader, 'transfer', WALLET_PATHS.transfer, { currency, from, to, quantity });
  }

  private async limitOrder(trader: Trader): Promise<void> {
    const pair = this.pick(PAIRS);
    const side = this.random() < 0.5 ? 'buy' : 'sell';
    const mid = this.prices[pair.base]!;
    // Within ±1.5 % of the reference: some orders rest, some cross the market makers' ladder.
    const price = (mid * (1 + (this.random() - 0.5) * 0.03)).toFixed(2);
    const quantity = this.amount(pair.base === 'BTC' ? 0.01 : 0.2, 4);
    const id = await this.submit(trader, 'order', SPOT_PATHS.place, { symbol: pair.symbol, side, type: 'limit', price, quantity });
    if (id !== undefined) this.openOrders.set(trader.account, [...(this.openOrders.get(trader.account) ?? []), id]);
  }

  private async marketOrder(trader: Trader): Promise<void> {
    const pair = this.pick(PAIRS);
    const body =
      this.random() < 0.5
        ? { symbol: pair.symbol, side: 'buy', type: 'market', amount: this.amount(200, 2) }
        : { symbol: pair.symbol, side: 'sell', type: 'market', quantity: this.amount(pair.base === 'BTC' ? 0.005 : 0.1, 4) };
    await this.submit(trader, 'order', SPOT_PATHS.place, body);
  }

  private async cancelOrder(trader: Trader): Promise<void> {
    const mine = this.openOrders.get(trader.account) ?? [];
    if (mine.length === 0) return this.limitOrder(trader);
    const id = mine.splice(Math.floor(this.random() * mine.length), 1)[0]!;
    // Already filled or cancelled is a normal refusal.
    await call<SpotOrder>(this.url, SPOT_PATHS.cancel, { id }, { token: trader.token });
  }

  private async withdraw(trader: Trader): Promise<void> {
    const currency = this.pick(['USDT', 'BTC']);
    const network = currency === 'USDT' ? 'TRC20' : 'BTC';
    const quantity = currency === 'USDT' ? this.amount(40, 2) : this.amount(0.001, 6);
    const address = currency === 'USDT' ? 'TXsystemTestAddress0000000000000001' : 'bc1qsystemtestaddress000000000000000001';
    const id = await this.submit(trader, 'withdrawal', WALLET_PATHS.withdraw, { currency, network, address, quantity, funds_password: FUNDS_PASSWORD });
    if (id !== undefined) this.pendingWithdrawals.push({ trader, id });
  }

  private async settleWithdrawal(): Promise<void> {
    const next = this.pendingWithdrawals.shift();
    if (!next) return;
    const roll = this.random();
    if (roll < 0.5) await call(this.url, WALLET_PATHS.operatorApproveWithdrawal, { id: next.id }, { token: this.operatorToken });
    else if (roll < 0.75) await call(this.url, WALLET_PATHS.operatorFailWithdrawal, { id: next.id, reason: 'system test' }, { token: this.operatorToken });
    else await call(this.url, WALLET_PATHS.cancelWithdrawal, { id: next.id }, { token: next.trader.token });
  }

  /** Sends an acknowledged submission again with its key, sometimes twice at once: one effect only. */
  private async repeat(): Promise<void> {
    if (this.sent.length === 0) return;
    const first = this.pick(this.sent);
    const times = this.random() < 0.5 ? 1 : 2;
    const answers = await Promise.all(
      Array.from({ length: times }, () => call<{ id: number }>(this.url, first.path, first.body, { token: first.trader.token, key: first.key })),
    );
    for (const answer of answers) {
      if (answer.code === 200 && answer.data.id !== first.id) this.duplicateEffects.push(`${first.path} key ${first.key}: ${first.id} then ${answer.data.id}`);
    }
  }
}

/** Every acknowledged submission, looked up through the API: the ones that cannot be found. */
export async function missingAcknowledged(url: string, traders: Trader[], acknowledged: Acknowledged[]): Promise<string[]> {
  const missing: string[] = [];
  const byAccount = new Map(traders.map((t) => [t.account, t]));
  for (const trader of traders) {
    const mine = acknowledged.filter((a) => a.trader === trader.account);
    const transfers = await allPages<TransferRecord>(url, WALLET_PATHS.transfers, trader.token);
    const withdrawals = await allPages<WithdrawalRecord>(url, WALLET_PATHS.withdrawals, trader.token);
    const transferIds = new Set(transfers.map((t) => t.id));
    const withdrawalIds = new Set(withdrawals.map((w) => w.id));
    for (const a of mine) {
      if (a.kind === 'transfer' && !transferIds.has(a.id)) missing.push(`transfer ${a.id} of ${a.trader}`);
      if (a.kind === 'withdrawal' && !withdrawalIds.has(a.id)) missing.push(`withdrawal ${a.id} of ${a.trader}`);
      if (a.kind === 'order') {
        const answer = await call(url, SPOT_PATHS.detail, { id: a.id }, { token: byAccount.get(a.trader)!.token });
        if (answer.code !== 200) missing.push(`order ${a.id} of ${a.trader}`);
      }
    }
  }
  return missing;
}

export async function allPages<T>(url: string, path: string, token: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const data = await mustCall<{ list: T[]; total: number }>(url, path, { days: 3, page, size: 50 }, { token });
    rows.push(...data.list);
    if (data.list.length === 0 || rows.length >= data.total) return rows;
  }
}
