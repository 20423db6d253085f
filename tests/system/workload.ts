import { addDecimal, compareDecimal, divDecimal, toFixedDecimal } from '../../domain/decimal.js';
import { FIAT_PATHS, type FiatAd, type FiatOrder } from '../../domain/fiat.js';
import { FUTURES_PATHS, type FuturesConfig, type FuturesOrder, type FuturesPlaced, type FuturesPosition } from '../../domain/futures/api.js';
import { ICO_PATHS, type IcoProject, type IcoSubscription } from '../../domain/ico.js';
import { SECONDS_PATHS, type SecondsContract } from '../../domain/seconds.js';
import { SPOT_PATHS, type SpotOrder, type SpotStop } from '../../domain/spotOrders.js';
import { WALLET_PATHS, type DepositAddress, type TransferRecord, type WithdrawalRecord } from '../../domain/wallet.js';
import { seededRandom } from '../../server/kernel/exchange/random.js';
import { PRODUCT_WALLET_ACCOUNTS as WALLET_ACCOUNTS } from '../server/support/walletAccounts.js';
import { call, FUNDS_PASSWORD, mustCall, newKey, type Answer } from './client.js';
import type { OperatorSession } from './operatorCodes.js';

export interface Trader {
  account: string;
  token: string;
}

/**
 * A submission the server answered with success: it must be in the books forever after. `id` names
 * its effect: the spot or futures order, the transfer, the withdrawal, the seconds contract, the P2P
 * order; for an ICO subscription (one per user and project) the project, with the `quantity` added.
 */
export interface Acknowledged {
  trader: string;
  kind: 'order' | 'transfer' | 'withdrawal' | 'futures' | 'seconds' | 'fiat' | 'ico';
  id: number;
  key: string;
  quantity?: string;
  /** When it was first sent (a resend keeps the first time) and when the server acknowledged it (ms); unset for a test's own probes. */
  sentAt?: number;
  at?: number;
}

type Kind = Acknowledged['kind'];
/** Where each kind's answer names its effect. */
const ID_OF: Record<Kind, (data: any) => number> = {
  order: (d) => d.id,
  transfer: (d) => d.id,
  withdrawal: (d) => d.id,
  futures: (d: FuturesPlaced) => d.order.id,
  seconds: (d: SecondsContract) => d.id,
  fiat: (d: FiatOrder) => d.id,
  ico: (d: IcoSubscription) => d.project_id,
};

/** What `prepare` moves from spot into each product's account (USDT unless named), through the API. */
export const PRODUCT_FUNDS = [
  { currency: 'USDT', to: 'contract', quantity: '1500' },
  { currency: 'USDT', to: 'sec_contract', quantity: '500' },
  { currency: 'USDT', to: 'ico', quantity: '500' },
  { currency: 'USDT', to: 'legal', quantity: '300' },
  { currency: 'BTC', to: 'legal', quantity: '0.01' },
] as const;

const FUTURES_PAIRS = ['btc_usdt', 'eth_usdt'] as const;
const LEVERAGES = [2, 5, 10, 20, 50, 100] as const;
const SECONDS_PAIRS = ['BTC_USDT', 'ETH_USDT'] as const;
const P2P_CRYPTOS = ['USDT', 'BTC', 'ETH'] as const;
/** Unpaid P2P orders a trader cancels at most: max_unpaid_num (5 by default) would suspend them from P2P for a day. */
const P2P_CANCELS_PER_TRADER = 3;

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
 * failed by the operator), USDT-M futures positions opened and closed (cross and isolated, several
 * leverages, market and resting limit orders, partial, whole and flash closes), seconds contracts,
 * P2P orders on the merchants' ads (bought and paid or cancelled, or sold and released), ICO
 * subscriptions, and repeats of earlier submissions with the same idempotency key, some sent twice
 * at once. The products' operations need `prepare` (and futures a verified identity). Refusals
 * (insufficient funds, limits) are normal answers; what the server acknowledges is recorded.
 */
export class Workload {
  readonly acknowledged: Acknowledged[] = [];
  /** Random operations started so far (by every worker). */
  steps = 0;
  /** Submissions whose outcome is unknown (the connection broke, e.g. in a crash), with why. */
  readonly unknown: string[] = [];
  private readonly random: () => number;
  private readonly openOrders = new Map<string, number[]>();
  private readonly pendingWithdrawals: Array<{ trader: Trader; id: number }> = [];
  private readonly sent: Array<{ trader: Trader; path: string; body: object; key: string; kind: Kind; id: number }> = [];
  /** Pairs of answers to one key that named different ids: must stay empty. */
  readonly duplicateEffects: string[] = [];
  /** Submissions whose connection broke before an answer, kept to send again with their key (`resendUnsure`). */
  private readonly unsure: Array<{ trader: Trader; path: string; body: object; key: string; kind: Kind; quantity?: string; sentAt: number }> = [];
  /** Answers with a body code of 500 or more (a refusal is 4xx): must stay empty. */
  readonly serverErrors: string[] = [];
  /** Successful steps of each product's life cycle (opens, closes, payments, releases …), for the coverage check. */
  readonly counts: Record<string, number> = {};
  private futures: Record<string, FuturesConfig> = {};
  private readonly openFuturesOrders = new Map<string, number[]>();
  private p2pAds: FiatAd[] = [];
  private readonly p2pMethod = new Map<string, number>();
  private readonly p2pOpen: Array<{ trader: Trader; id: number; role: 'buyer' | 'seller' }> = [];
  private readonly p2pCancels = new Map<string, number>();
  private icoProjects: IcoProject[] = [];
  /** Traders whose withdrawals are locked (a security change): every way their crypto leaves must be refused. */
  private readonly locked = new Set<string>();
  /** Ways out a locked trader was let through: must stay empty (issue 49 §2). */
  readonly lockBreaches: string[] = [];

  constructor(
    private url: string,
    private readonly traders: Trader[],
    /** The operator who approves and fails withdrawals: its token, and its own code for an approval. */
    private readonly operator: OperatorSession,
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
  private async post<T = any>(trader: Trader | undefined, path: string, body: object, key?: string): Promise<Answer<T>> {
    const answer = await call<T>(this.url, path, body, { token: trader ? trader.token : this.operator.token, key });
    if (answer.code >= 500) this.serverErrors.push(`${path} ${JSON.stringify(body)}: ${answer.code} ${answer.msg}`);
    return answer;
  }

  private count(what: string): void {
    this.counts[what] = (this.counts[what] ?? 0) + 1;
  }

  private async submit(trader: Trader, kind: Kind, path: string, body: object, key = newKey(), quantity?: string, sentAt = Date.now()): Promise<number | undefined> {
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

  /**
   * What the traders do once before the random mix: fund each product's account (acknowledged
   * transfers), accept the seconds-contract risk warning, add a collection method (to sell into P2P
   * buy ads), and read what the products offer (futures precisions, the merchants' P2P ads, the ICO
   * projects open for subscription). Identity verification is the caller's (`verifyTraders`).
   */
  async prepare(): Promise<void> {
    for (const symbol of FUTURES_PAIRS) this.futures[symbol] = await mustCall<FuturesConfig>(this.url, FUTURES_PATHS.config, { symbol });
    for (const symbol of P2P_CRYPTOS) {
      for (const fiat of ['USD', 'EUR']) {
        for (const side of ['buy', 'sell']) {
          const page = await mustCall<{ list: FiatAd[] }>(this.url, FIAT_PATHS.ads, { side, crypto: symbol, fiat, page: 1, size: 10 });
          this.p2pAds.push(...page.list);
        }
      }
    }
    await this.refreshIcoProjects();
    for (const trader of this.traders) {
      for (const { currency, to, quantity } of PRODUCT_FUNDS) {
        const id = await this.submit(trader, 'transfer', WALLET_PATHS.transfer, { currency, from: 'spot', to, quantity });
        if (id === undefined) throw new Error(`funding ${to} of ${trader.account} was refused`);
      }
      await mustCall(this.url, SECONDS_PATHS.acknowledge, {}, { token: trader.token });
      const method = await mustCall<{ id: number }>(
        this.url,
        '/api/user/coll_method_add',
        { real_name: 'System Test', card_number: '4000 1234 5678 9017', bank_name: 'Test Bank', currency: 'USD' },
        { token: trader.token },
      );
      this.p2pMethod.set(trader.account, method.id);
    }
  }

  private async refreshIcoProjects(): Promise<void> {
    const projects = await mustCall<IcoProject[]>(this.url, ICO_PATHS.projects, {});
    this.icoProjects = projects.filter((p) => p.status === 'in_progress' || p.status === 'ending_soon');
  }

  async step(): Promise<void> {
    const trader = this.pick(this.traders);
    const roll = this.random();
    if (this.mix === 'spot') {
      if (roll < 0.55) return this.limitOrder(trader);
      if (roll < 0.75) return this.marketOrder(trader);
      return this.cancelOrder(trader);
    }
    if (roll < 0.16) return this.transfer(trader);
    if (roll < 0.31) return this.limitOrder(trader);
    // Waiting stops hold funds the ledger audit must count (issue 49 §6).
    if (roll < 0.35) return this.stopOrder(trader);
    if (roll < 0.41) return this.marketOrder(trader);
    if (roll < 0.48) return this.cancelOrder(trader);
    if (roll < 0.54) return this.withdraw(trader);
    if (roll < 0.59) return this.settleWithdrawal();
    if (roll < 0.69) return this.futuresOpen(trader);
    if (roll < 0.75) return this.futuresClose(trader);
    if (roll < 0.83) return this.secondsBuy(trader);
    if (roll < 0.88) return this.p2pTake(trader);
    if (roll < 0.92) return this.p2pStep();
    if (roll < 0.95) return this.icoSubscribe(trader);
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

  /**
   * A stop-limit (sometimes with an OCO limit leg) around the reference: many wait, some fire as
   * the market moves, a third of them are cancelled again; refusals (one that would fire at once)
   * are normal.
   */
  private async stopOrder(trader: Trader): Promise<void> {
    const pair = this.pick(PAIRS);
    const side = this.random() < 0.5 ? 'buy' : 'sell';
    const mid = this.prices[pair.base]!;
    const away = 1 + (side === 'buy' ? 1 : -1) * this.random() * 0.015;
    const trigger = (mid * away).toFixed(2);
    const price = (mid * away * (side === 'buy' ? 1.001 : 0.999)).toFixed(2);
    const quantity = this.amount(pair.base === 'BTC' ? 0.01 : 0.2, 4);
    const oco = this.random() < 0.3 ? { limit_price: (mid * (side === 'buy' ? 0.98 : 1.02)).toFixed(2) } : {};
    const answer = await this.post<SpotStop>(trader, SPOT_PATHS.stopPlace, { symbol: pair.symbol, side, trigger_price: trigger, price, quantity, ...oco });
    if (answer.code !== 200) return;
    this.count('spot.stop');
    if (this.random() < 0.33 && (await this.post(trader, SPOT_PATHS.stopCancel, { id: answer.data.id })).code === 200) this.count('spot.stop.cancel');
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
    await this.post<SpotOrder>(trader, SPOT_PATHS.cancel, { id });
  }

  private async withdraw(trader: Trader): Promise<void> {
    const currency = this.pick(['USDT', 'BTC']);
    const network = currency === 'USDT' ? 'TRC20' : 'BTC';
    const quantity = currency === 'USDT' ? this.amount(40, 2) : this.amount(0.001, 6);
    // Of each network's shape (domain/addressFormats.ts): any other address is refused before the withdrawal is made.
    const address = currency === 'USDT' ? 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' : 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const body = { currency, network, address, quantity, funds_password: FUNDS_PASSWORD };
    if (this.locked.has(trader.account)) return this.expectLocked(trader, WALLET_PATHS.withdraw, body);
    const id = await this.submit(trader, 'withdrawal', WALLET_PATHS.withdraw, body);
    if (id !== undefined) this.pendingWithdrawals.push({ trader, id });
  }

  private async settleWithdrawal(): Promise<void> {
    const next = this.pendingWithdrawals.shift();
    if (!next) return;
    const roll = this.random();
    // An approval asks the operator's own code: a recovery code of the session's, good at once.
    if (roll < 0.5) {
      const approved = await this.post(undefined, WALLET_PATHS.operatorApproveWithdrawal, { id: next.id, totp_code: await this.operator.code() });
      if (approved.code === 200) this.count('withdrawal.approve');
    } else if (roll < 0.75) await this.post(undefined, WALLET_PATHS.operatorFailWithdrawal, { id: next.id, reason: 'system test' });
    else await this.post(next.trader, WALLET_PATHS.cancelWithdrawal, { id: next.id });
  }

  /**
   * A futures position opened or added to: sometimes the leverage and margin mode are chosen first
   * (refused while the pair has a position or orders), mostly at market, sometimes a limit order
   * near the mark that may rest (and be cancelled later by `futuresClose`).
   */
  private async futuresOpen(trader: Trader): Promise<void> {
    const symbol = this.pick(FUTURES_PAIRS);
    const config = this.futures[symbol];
    if (!config) return this.limitOrder(trader); // not prepared (`prepare`)
    if (this.random() < 0.3) {
      const answer = await this.post(trader, FUTURES_PATHS.leverage, { symbol, leverage: this.pick(LEVERAGES), margin_mode: this.random() < 0.5 ? 'cross' : 'isolated' });
      if (answer.code === 200) this.count('futures.leverage');
    }
    const action = this.random() < 0.5 ? 'open_long' : 'open_short';
    const quantity = this.amount(symbol === 'btc_usdt' ? 0.01 : 0.2, config.amount_precision);
    const mid = this.prices[symbol === 'btc_usdt' ? 'BTC' : 'ETH']!;
    const limit = this.random() < 0.25;
    const body = limit
      ? { symbol, action, type: 'limit', price: (mid * (1 + (this.random() - 0.5) * 0.01)).toFixed(config.price_precision), quantity }
      : { symbol, action, type: 'market', quantity };
    const id = await this.submit(trader, 'futures', FUTURES_PATHS.order, body);
    if (id === undefined) return;
    this.count('futures.open');
    if (limit) this.openFuturesOrders.set(trader.account, [...(this.openFuturesOrders.get(trader.account) ?? []), id]);
  }

  /** Closes part or all of a position (a market close or a flash close), or cancels a resting futures order. */
  private async futuresClose(trader: Trader): Promise<void> {
    const resting = this.openFuturesOrders.get(trader.account) ?? [];
    if (resting.length > 0 && this.random() < 0.3) {
      const id = resting.splice(Math.floor(this.random() * resting.length), 1)[0]!;
      if ((await this.post(trader, FUTURES_PATHS.cancel, { order_id: id })).code === 200) this.count('futures.cancel');
      return;
    }
    const positions = await this.post<FuturesPosition[]>(trader, FUTURES_PATHS.positions, {});
    if (positions.code !== 200 || positions.data.length === 0) return this.futuresOpen(trader);
    const position = this.pick(positions.data);
    const symbol = position.symbol.toLowerCase();
    const places = this.futures[symbol]?.amount_precision ?? 3;
    let id: number | undefined;
    if (this.random() < 0.35) {
      id = await this.submit(trader, 'futures', FUTURES_PATHS.flashClose, { symbol });
    } else {
      // A random share of what can be closed; at least one lot.
      const share = this.random() < 0.5 ? 1 : this.random();
      const closable = Number(position.closable);
      const quantity = toFixedDecimal(Math.max(closable * share, 1 / 10 ** places).toFixed(places + 2), places, 'down');
      id = await this.submit(trader, 'futures', FUTURES_PATHS.close, { symbol, type: 'market', quantity });
    }
    if (id !== undefined) this.count('futures.close');
  }

  /** Buys an up or down contract of 30 or 60 seconds: many settle while the run goes on. */
  private async secondsBuy(trader: Trader): Promise<void> {
    const body = {
      symbol: this.pick(SECONDS_PAIRS),
      direction: this.random() < 0.5 ? 'up' : 'down',
      period: this.random() < 0.7 ? 30 : 60,
      quantity: String(10 + Math.floor(this.random() * 40)),
    };
    if ((await this.submit(trader, 'seconds', SECONDS_PATHS.buy, body)) !== undefined) this.count('seconds.buy');
  }

  /**
   * Takes a merchant's P2P ad: mostly buying from a sell ad (the trader then pays or cancels in
   * `p2pStep`), sometimes selling from the trader's legal account into a buy ad (the merchant pays,
   * the trader releases in `p2pStep`).
   */
  private async p2pTake(trader: Trader): Promise<void> {
    const buying = this.random() < 0.7;
    const ads = this.p2pAds.filter((a) => a.side === (buying ? 'sell' : 'buy') && (buying || a.crypto !== 'ETH'));
    if (ads.length === 0) return;
    const ad = this.pick(ads);
    // Fiat amounts a little above the ad's minimum (a few tens of USD or EUR).
    const value = toFixedDecimal(String(Number(ad.min_amount) * (1 + this.random() * 4)), 2, 'down');
    const body = buying
      ? { ad_id: ad.id, by: 'amount', value }
      : { ad_id: ad.id, by: 'amount', value, method_id: this.p2pMethod.get(trader.account), funds_password: FUNDS_PASSWORD };
    if (!buying && this.locked.has(trader.account)) return this.expectLocked(trader, FIAT_PATHS.take, body);
    const id = await this.submit(trader, 'fiat', FIAT_PATHS.take, body);
    if (id === undefined) return;
    this.count(buying ? 'p2p.buy' : 'p2p.sell');
    this.p2pOpen.push({ trader, id, role: buying ? 'buyer' : 'seller' });
  }

  /** The next step of an open P2P order: the buyer pays (the merchant releases) or cancels; the seller releases once paid. */
  private async p2pStep(): Promise<void> {
    const index = this.p2pOpen.findIndex(() => this.random() < 0.5);
    if (index < 0) return;
    const open = this.p2pOpen[index]!;
    const { trader, id, role } = open;
    if (role === 'buyer') {
      this.p2pOpen.splice(index, 1);
      const cancels = this.p2pCancels.get(trader.account) ?? 0;
      if (cancels < P2P_CANCELS_PER_TRADER && this.random() < 0.3) {
        this.p2pCancels.set(trader.account, cancels + 1);
        if ((await this.post(trader, FIAT_PATHS.cancel, { order_id: id })).code === 200) this.count('p2p.cancel');
      } else if ((await this.post(trader, FIAT_PATHS.markPaid, { order_id: id })).code === 200) this.count('p2p.paid');
      return;
    }
    const order = await this.post<FiatOrder>(trader, FIAT_PATHS.order, { order_id: id });
    if (order.code !== 200 || order.data.status === 'unpaid') return; // the merchant has not paid yet: later
    this.p2pOpen.splice(index, 1);
    if (order.data.status !== 'paid') return;
    if (this.locked.has(trader.account)) return this.expectLocked(trader, FIAT_PATHS.release, { order_id: id, funds_password: FUNDS_PASSWORD });
    if ((await this.post(trader, FIAT_PATHS.release, { order_id: id, funds_password: FUNDS_PASSWORD }, newKey())).code === 200) this.count('p2p.release');
  }

  /**
   * Sells a little crypto into a merchant's buy ad (acknowledged like any take): the merchant pays
   * after a second, and the order waits for this trader's release. Answers the order, or undefined.
   */
  async sellIntoBuyAd(trader: Trader): Promise<number | undefined> {
    const ad = this.p2pAds.find((a) => a.side === 'buy' && a.crypto !== 'ETH');
    if (!ad) return undefined;
    const value = toFixedDecimal(String(Number(ad.min_amount) * 1.5), 2, 'down');
    const id = await this.submit(trader, 'fiat', FIAT_PATHS.take, { ad_id: ad.id, by: 'amount', value, method_id: this.p2pMethod.get(trader.account), funds_password: FUNDS_PASSWORD });
    if (id !== undefined) this.p2pOpen.push({ trader, id, role: 'seller' });
    return id;
  }

  /** From now on the trader's withdrawals are locked: every withdrawal, P2P sale and release of theirs must be refused. */
  lockOut(trader: Trader): void {
    this.locked.add(trader.account);
  }

  /** A way out for a locked trader: refused, and counted; a success is a breach. */
  private async expectLocked(trader: Trader, path: string, body: object): Promise<void> {
    const answer = await this.post(trader, path, body, newKey());
    if (answer.code === 200) this.lockBreaches.push(`${path} ${JSON.stringify(body)} of ${trader.account}`);
    else this.count('locked.refused');
  }

  /** Subscribes to an ICO project open for subscription (or adds more), for a few tens of USDT. */
  private async icoSubscribe(trader: Trader): Promise<void> {
    if (this.icoProjects.length === 0) return;
    const project = this.pick(this.icoProjects);
    const target = 10 + this.random() * 60;
    const raw = divDecimal(target.toFixed(2), project.price, project.token_places);
    let quantity = toFixedDecimal(raw, project.token_places, 'down');
    if (compareDecimal(quantity, project.min_quantity) < 0) quantity = project.min_quantity;
    const id = await this.submit(trader, 'ico', ICO_PATHS.subscribe, { project_id: project.id, quantity }, newKey(), quantity);
    if (id !== undefined) this.count('ico.subscribe');
  }

  /** Sends an acknowledged submission again with its key, sometimes twice at once: one effect only. */
  private async repeat(): Promise<void> {
    if (this.sent.length === 0) return;
    const first = this.pick(this.sent);
    const times = this.random() < 0.5 ? 1 : 2;
    const answers = await Promise.all(Array.from({ length: times }, () => this.post(first.trader, first.path, first.body, first.key)));
    for (const answer of answers) {
      if (answer.code === 200 && ID_OF[first.kind](answer.data) !== first.id) {
        this.duplicateEffects.push(`${first.path} key ${first.key}: ${first.id} then ${ID_OF[first.kind](answer.data)}`);
      }
    }
  }
}

/** Every acknowledged submission, looked up through the API: the ones that cannot be found. */
export async function missingAcknowledged(url: string, traders: Trader[], acknowledged: Acknowledged[]): Promise<string[]> {
  const missing: string[] = [];
  for (const trader of traders) {
    const mine = acknowledged.filter((a) => a.trader === trader.account);
    const has = (kind: Kind) => mine.some((a) => a.kind === kind);
    const transfers = await allPages<TransferRecord>(url, WALLET_PATHS.transfers, trader.token);
    const withdrawals = await allPages<WithdrawalRecord>(url, WALLET_PATHS.withdrawals, trader.token);
    const transferIds = new Set(transfers.map((t) => t.id));
    const withdrawalIds = new Set(withdrawals.map((w) => w.id));
    const contractIds = new Set(has('seconds') ? (await secondsContracts(url, trader.token)).map((c) => c.id) : []);
    const subscribed = new Set(has('ico') ? (await mustCall<IcoSubscription[]>(url, ICO_PATHS.mine, {}, { token: trader.token })).map((s) => s.project_id) : []);
    for (const a of mine) {
      if (a.kind === 'transfer' && !transferIds.has(a.id)) missing.push(`transfer ${a.id} of ${a.trader}`);
      if (a.kind === 'withdrawal' && !withdrawalIds.has(a.id)) missing.push(`withdrawal ${a.id} of ${a.trader}`);
      if (a.kind === 'seconds' && !contractIds.has(a.id)) missing.push(`seconds contract ${a.id} of ${a.trader}`);
      if (a.kind === 'ico' && !subscribed.has(a.id)) missing.push(`ICO subscription to project ${a.id} of ${a.trader}`);
      const detail = { order: [SPOT_PATHS.detail, { id: a.id }], futures: [FUTURES_PATHS.orderDetail, { order_id: a.id }], fiat: [FIAT_PATHS.order, { order_id: a.id }] } as const;
      const lookup = detail[a.kind as keyof typeof detail];
      if (lookup && (await call(url, lookup[0], lookup[1], { token: trader.token })).code !== 200) missing.push(`${a.kind} order ${a.id} of ${a.trader}`);
    }
  }
  return missing;
}

/** Every seconds contract of a user: the open ones and the settled ones. */
export async function secondsContracts(url: string, token: string): Promise<SecondsContract[]> {
  return onceEach(ID_OF.seconds, [
    ...(await pages<SecondsContract>(url, SECONDS_PATHS.current, token, {})),
    ...(await pages<SecondsContract>(url, SECONDS_PATHS.history, token, { days: 3 })),
  ]);
}

/** Every futures order a user placed (not the liquidation and deleveraging closes the engine made). */
export async function futuresOrders(url: string, token: string): Promise<FuturesOrder[]> {
  const all = onceEach((o: FuturesOrder) => o.id, [
    ...(await pages<FuturesOrder>(url, FUTURES_PATHS.current, token, {})),
    ...(await pages<FuturesOrder>(url, FUTURES_PATHS.history, token, { days: 3 })),
  ]);
  return all.filter((o) => o.source === 'user' || o.source === 'flash');
}

/** Every P2P order the user is a party to. */
export function p2pOrders(url: string, token: string): Promise<FiatOrder[]> {
  return pages<FiatOrder>(url, FIAT_PATHS.orders, token, { tab: 'all', days: 3 });
}

/** Per ICO project, the quantity a user's acknowledged subscriptions added (each key once). */
export function icoAcknowledged(acknowledged: Acknowledged[], account: string): Map<number, string> {
  const byKey = new Map(acknowledged.filter((a) => a.kind === 'ico' && a.trader === account).map((a) => [a.key, a]));
  const sums = new Map<number, string>();
  for (const a of byKey.values()) sums.set(a.id, addDecimal(sums.get(a.id) ?? '0', a.quantity!));
  return sums;
}

/**
 * A record read while it moves from the open list to the history (a contract settling, an order
 * filling between the two reads) or while new rows push a history's pages down is read twice:
 * once each, by id. Nothing is missed that way, since the open list is read first.
 */
function onceEach<T>(idOf: (row: T) => number, rows: T[]): T[] {
  return [...new Map(rows.map((row) => [idOf(row), row])).values()];
}

const PAGE_SIZE = 50;

async function pages<T>(url: string, path: string, token: string, query: object): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const data = await mustCall<{ list: T[]; total: number }>(url, path, { ...query, page, size: PAGE_SIZE }, { token });
    rows.push(...data.list);
    // By pages, not by rows counted: rows pushed down a page while it is read come twice.
    if (data.list.length === 0 || page * PAGE_SIZE >= data.total) return rows;
  }
}

export function allPages<T>(url: string, path: string, token: string): Promise<T[]> {
  return pages<T>(url, path, token, { days: 3 });
}
