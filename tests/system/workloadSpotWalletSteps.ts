import { SPOT_PATHS, type SpotOrder, type SpotStop } from '../../domain/spotOrders.js';
import { WALLET_PATHS } from '../../domain/wallet.js';
import { PRODUCT_WALLET_ACCOUNTS as WALLET_ACCOUNTS } from '../server/support/walletAccounts.js';
import { FUNDS_PASSWORD } from './client.js';
import type { Trader } from './submissions.js';
import { WorkloadBase } from './workloadBase.js';

const PAIRS = [
  { symbol: 'BTC_USDT', base: 'BTC', price: 'btc' },
  { symbol: 'ETH_USDT', base: 'ETH', price: 'eth' },
] as const;

/**
 * The workload's steps in the wallet and the spot market: transfers between the accounts, spot
 * orders, stops and cancels, withdrawals and their settlement.
 */
export abstract class SpotAndWalletSteps extends WorkloadBase {
  private readonly openOrders = new Map<string, number[]>();
  private readonly pendingWithdrawals: Array<{ trader: Trader; id: number }> = [];

  protected async transfer(trader: Trader): Promise<void> {
    const currency = this.pick(['USDT', 'BTC', 'ETH']);
    const from = this.random() < 0.6 ? 'spot' : this.pick(WALLET_ACCOUNTS);
    const to = this.pick(WALLET_ACCOUNTS.filter((a) => a !== from));
    const quantity = currency === 'USDT' ? this.amount(300, 2) : this.amount(0.05, 5);
    await this.submit(trader, 'transfer', WALLET_PATHS.transfer, { currency, from, to, quantity });
  }

  protected async limitOrder(trader: Trader): Promise<void> {
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
  protected async stopOrder(trader: Trader): Promise<void> {
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

  protected async marketOrder(trader: Trader): Promise<void> {
    const pair = this.pick(PAIRS);
    const body =
      this.random() < 0.5
        ? { symbol: pair.symbol, side: 'buy', type: 'market', amount: this.amount(200, 2) }
        : { symbol: pair.symbol, side: 'sell', type: 'market', quantity: this.amount(pair.base === 'BTC' ? 0.005 : 0.1, 4) };
    await this.submit(trader, 'order', SPOT_PATHS.place, body);
  }

  protected async cancelOrder(trader: Trader): Promise<void> {
    const mine = this.openOrders.get(trader.account) ?? [];
    if (mine.length === 0) return this.limitOrder(trader);
    const id = mine.splice(Math.floor(this.random() * mine.length), 1)[0]!;
    // Already filled or cancelled is a normal refusal.
    await this.post<SpotOrder>(trader, SPOT_PATHS.cancel, { id });
  }

  protected async withdraw(trader: Trader): Promise<void> {
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

  protected async settleWithdrawal(): Promise<void> {
    const next = this.pendingWithdrawals.shift();
    if (!next) return;
    const roll = this.random();
    // An approval asks the operator's own code: a recovery code of the session's, good at once.
    if (roll < 0.5) {
      const approved = await this.post(undefined, WALLET_PATHS.operatorApproveWithdrawal, { id: next.id, code: await this.operator.code() });
      if (approved.code === 200) this.count('withdrawal.approve');
    } else if (roll < 0.75) await this.post(undefined, WALLET_PATHS.operatorFailWithdrawal, { id: next.id, reason: 'system test' });
    else await this.post(next.trader, WALLET_PATHS.cancelWithdrawal, { id: next.id });
  }
}
