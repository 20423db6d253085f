import { ID_OF } from './submissions.js';
import { ProductSteps } from './workloadProductSteps.js';

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
export class Workload extends ProductSteps {
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
