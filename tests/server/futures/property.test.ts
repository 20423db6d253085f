import { describe, expect, it } from 'vitest';
import { FUTURES_PATHS } from '../../../domain/futures/api.js';
import { fxText, mulFx } from '../../../domain/fx.js';
import { seededRandom } from '../../../server/kernel/exchange/random.js';
import { FuturesMakers } from '../../../server/products/futures/makers.js';
import { useFutures } from './harness.js';

const t = useFutures();
const BTC = 'BTC_USDT';
const SEED = Number(process.env.FUTURES_PROPERTY_SEED ?? 13);

/**
 * Many traders open and close at random leverage, modes and sizes through the HTTP routes while
 * the reference price swings hard (jumps of up to ±8 % per step, as MARKET_VOLATILITY turned up):
 * liquidations, insurance payouts, TP/SL and funding all happen. Afterwards no balance is negative,
 * the ledger audit (chains, totals, holds, the pool) is clean, and the USDT held over every
 * contract account including the insurance fund, the pool and the fee account equals what was
 * deposited into them.
 */
describe('property: random traders through a volatile market', () => {
  it(`keeps every balance non-negative and the books exact (seed ${SEED})`, async () => {
    const random = seededRandom(SEED);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const makerLong = await t.user('50000000');
    const makerShort = await t.user('50000000');
    const makers = new FuturesMakers(t.ex, { long: makerLong.id, short: makerShort.id });
    let price = 60000;
    await t.mark(BTC, String(price));
    await makers.requote(BTC);
    const traders = await Promise.all(Array.from({ length: 24 }, () => t.user(String(500 + Math.floor(random() * 20000)))));
    const answers = new Map<number, number>();
    for (const trader of traders) {
      const lev = pick([1, 2, 5, 10, 20, 50, 100, 125]);
      await t.post(trader, FUTURES_PATHS.leverage, { symbol: 'btc_usdt', leverage: lev, margin_mode: pick(['isolated', 'cross']) });
    }
    let fundings = 0;
    for (let step = 0; step < 60; step++) {
      const jump = (random() * 2 - 1) * 0.08;
      price = Math.max(1000, Math.round(price * (1 + jump) * 100) / 100);
      await t.mark(BTC, price.toFixed(2));
      await makers.requote(BTC);
      await Promise.all(
        traders.map(async (trader) => {
          const pos = t.position(trader);
          const roll = random();
          let answer;
          if (pos.side !== 0 && roll < 0.35) {
            const q = fxText((((pos.quantity * BigInt(1 + Math.floor(random() * 100))) / 100n) / 10n ** 13n) * 10n ** 13n);
            answer = q === '0' ? undefined : await t.post(trader, FUTURES_PATHS.close, { symbol: 'btc_usdt', type: 'market', quantity: q });
          } else if (pos.side !== 0 && roll < 0.45) {
            answer = await t.post(trader, FUTURES_PATHS.flashClose, { symbol: 'btc_usdt' });
          } else if (roll < 0.85) {
            const action = pos.side === 1 ? 'open_long' : pos.side === -1 ? 'open_short' : pick(['open_long', 'open_short']);
            const quantity = (0.001 + random() * 0.2).toFixed(5);
            const limit = random() < 0.3;
            answer = await t.order(trader, { action, type: limit ? 'limit' : 'market', quantity, ...(limit ? { price: (price * (1 + (random() - 0.5) * 0.01)).toFixed(2) } : {}) });
          } else if (pos.side !== 0) {
            answer = await t.post(trader, FUTURES_PATHS.plan, { symbol: 'btc_usdt', kind: pick(['take_profit', 'stop_loss']), trigger_by: pick(['mark', 'last', 'roe']), trigger_value: String(10 + Math.floor(random() * 50)), exec_type: 'market' });
          }
          if (answer) answers.set(answer.body.code, (answers.get(answer.body.code) ?? 0) + 1);
        }),
      );
      if (step % 20 === 19) {
        fundings += 1;
        await t.product.payFunding(BTC, Date.UTC(2026, 1, 1) + fundings * 8 * 3_600_000);
      }
    }
    await t.ex.idle();
    const [negatives] = await t.db.query<{ n: string }>(`select count(*)::text as n from balance where available < 0 or frozen < 0`);
    expect(negatives!.n).toBe('0');
    await t.expectAuditClean();
    const [sums] = await t.db.query<{ held: string; deposited: string }>(
      `select trim_scale((select sum(available + frozen) from balance where currency = 'USDT' and account = 'contract'))::text as held,
         trim_scale((select sum(available_change) from ledger_entry where currency = 'USDT' and account = 'contract' and kind = 'deposit'))::text as deposited`,
    );
    expect(sums!.held).toBe(sums!.deposited);
    const [figures] = await t.db.query<{ liquidations: string; covers: string; trades: string }>(
      `select (select count(*) from futures_order where source = 'liquidation')::text as liquidations,
         (select count(*) from ledger_entry where kind = 'insurance_cover')::text as covers,
         (select count(*) from futures_trade)::text as trades`,
    );
    // The scenario must have exercised the risky paths, or it proves little.
    expect(Number(figures!.liquidations)).toBeGreaterThan(0);
    expect(Number(figures!.trades)).toBeGreaterThan(100);
    console.log(`futures property (seed ${SEED}): ${figures!.trades} trades, ${figures!.liquidations} liquidation orders, ${figures!.covers} insurance covers, answers ${JSON.stringify(Object.fromEntries(answers))}, final price ${price}, open interest ${fxText(mulFx(t.position(makerLong).quantity, 1n))}`);
  }, 240_000);
});
