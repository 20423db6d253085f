import { compareDecimal, divDecimal, toFixedDecimal } from '../../domain/decimal.js';
import { FIAT_PATHS, type FiatAd, type FiatOrder } from '../../domain/fiat.js';
import { FUTURES_PATHS, type FuturesConfig, type FuturesPosition } from '../../domain/futures/api.js';
import { ICO_PATHS, type IcoProject } from '../../domain/ico.js';
import { SECONDS_PATHS } from '../../domain/seconds.js';
import { WALLET_PATHS } from '../../domain/wallet.js';
import { FUNDS_PASSWORD, mustCall, newKey } from './client.js';
import type { Trader } from './submissions.js';
import { SpotAndWalletSteps } from './workloadSpotWalletSteps.js';

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

/**
 * The workload's steps in the products: futures, seconds contracts, P2P orders and ICO
 * subscriptions, and the set-up they need (`prepare`).
 */
export abstract class ProductSteps extends SpotAndWalletSteps {
  private futures: Record<string, FuturesConfig> = {};
  private readonly openFuturesOrders = new Map<string, number[]>();
  private p2pAds: FiatAd[] = [];
  private readonly p2pMethod = new Map<string, number>();
  private readonly p2pOpen: Array<{ trader: Trader; id: number; role: 'buyer' | 'seller' }> = [];
  private readonly p2pCancels = new Map<string, number>();
  /** P2P orders whose buyer walked away (neither paid nor cancelled): their pay deadline cancels them. */
  readonly p2pAbandoned: Array<{ trader: Trader; id: number }> = [];
  private icoProjects: IcoProject[] = [];

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

  /**
   * A futures position opened or added to: sometimes the leverage and margin mode are chosen first
   * (refused while the pair has a position or orders), mostly at market, sometimes a limit order
   * near the mark that may rest (and be cancelled later by `futuresClose`).
   */
  protected async futuresOpen(trader: Trader): Promise<void> {
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
  protected async futuresClose(trader: Trader): Promise<void> {
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
  protected async secondsBuy(trader: Trader): Promise<void> {
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
  protected async p2pTake(trader: Trader): Promise<void> {
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

  /** The next step of an open P2P order: the buyer pays (the merchant releases), cancels or walks away; the seller releases once paid. */
  protected async p2pStep(): Promise<void> {
    const index = this.p2pOpen.findIndex(() => this.random() < 0.5);
    if (index < 0) return;
    const open = this.p2pOpen[index]!;
    const { trader, id, role } = open;
    if (role === 'buyer') {
      this.p2pOpen.splice(index, 1);
      if (this.random() < 0.15) {
        this.p2pAbandoned.push({ trader, id });
        this.count('p2p.abandon');
        return;
      }
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

  /** Subscribes to an ICO project open for subscription (or adds more), for a few tens of USDT. */
  protected async icoSubscribe(trader: Trader): Promise<void> {
    if (this.icoProjects.length === 0) return;
    const project = this.pick(this.icoProjects);
    const target = 10 + this.random() * 60;
    const raw = divDecimal(target.toFixed(2), project.price, project.token_places);
    let quantity = toFixedDecimal(raw, project.token_places, 'down');
    if (compareDecimal(quantity, project.min_quantity) < 0) quantity = project.min_quantity;
    const id = await this.submit(trader, 'ico', ICO_PATHS.subscribe, { project_id: project.id, quantity }, newKey(), quantity);
    if (id !== undefined) this.count('ico.subscribe');
  }
}
