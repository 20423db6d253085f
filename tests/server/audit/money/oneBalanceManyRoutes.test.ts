import { describe, expect, it } from 'vitest';
import { SPOT_PATHS } from '../../../../domain/spotOrders.js';
import { WALLET_PATHS } from '../../../../domain/wallet.js';
import { hashPassword } from '../../../../server/kernel/platform/auth/passwords.js';
import { listPairs } from '../../../../server/kernel/platform/catalogue.js';
import { createEngine } from '../../../../server/kernel/exchange/matching/index.js';
import { pairSpec } from '../../../../server/kernel/exchange/pairSpec.js';
import { readBalance } from '../../../../server/kernel/platform/ledger/ledger.js';
import { silentUserFeed } from '../../../../server/kernel/platform/realtime/userFeed.js';
import { databaseFiatRates } from '../../../../server/products/markets/fiatRates.js';
import { SpotMarket } from '../../../../server/products/spot/spotMarket.js';
import { spotStops } from '../../../../server/products/spot/stops.js';
import { spotTrading } from '../../../../server/products/spot/trading.js';
import { SimulatedChain } from '../../../../server/products/wallet/chain/simulatedChain.js';
import { wallet } from '../../../../server/products/wallet/wallet.js';
import { testAppRoutes } from '../../buildApp.js';
import { productTestbed } from '../../support/productTestbed.js';
import { productAccountRules } from '../../support/walletAccounts.js';
import { expectLedgerConsistent } from '../../wallet/harness.js';

/**
 * One spot balance, every route that spends it at once: transfers out to two accounts, a
 * withdrawal (quantity + fee), a resting limit buy and a stop buy, each asking for the whole of
 * it, all sent together and again with fresh keys. Each path locks differently (the wallet on the
 * user's row, spot in its record stage, stops in their own transaction); the balance's check is
 * the last word. At most the balance is spent, nothing goes negative, the books stay clean.
 * Concurrency bites on PostgreSQL (PGlite runs one transaction at a time).
 */
const PASSWORD = 'Funds-pass-1';
const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

const t = productTestbed({
  async products({ db, now }) {
    const chain = new SimulatedChain({ blockMs: 60_000 });
    const walletProduct = wallet({ db, chain, feed: silentUserFeed, now, accounts: productAccountRules() });
    chain.connect(walletProduct.chainEvents);
    const markets = new Map<string, SpotMarket>();
    for (const p of await listPairs(db)) {
      if (p.trade_status !== 1) continue;
      const market = new SpotMarket(pairSpec(p), db, createEngine(), { publish: () => undefined });
      await market.restore();
      markets.set(market.spec.symbol, market);
    }
    const stops = spotStops({ db, local: (s) => markets.get(s), log: (e) => console.error(e) });
    for (const m of markets.values()) await stops.watch(m);
    const spot = spotTrading({ db, stops, pairStatusMs: 0, markets: { market: (s) => markets.get(s), holding: (id) => [...markets.values()].find((m) => m.restingOwner(id) !== undefined) } });
    return { chain, wallet: walletProduct, spot, markets, stops };
  },
  parts: ({ chain, wallet, spot, markets, stops }, db) => ({
    routes: testAppRoutes({ db, rates: databaseFiatRates(db), wallet, chainSimulator: chain, spot }),
    stop: async () => {
      await Promise.all([...markets.values()].map((m) => m.idle()));
      await stops.idle();
      chain.stop();
    },
  }),
  users: { tag: 'money' },
});

type Send = (path: string, body: object, key: string) => Promise<{ body: { code: number; msg: string } }>;

/** The five requests, each spending the whole 100 USDT (keys suffixed with `round`), not sent yet. */
function requests(send: Send, round: string) {
  return [
    () => send(WALLET_PATHS.transfer, { currency: 'USDT', from: 'spot', to: 'contract', quantity: '100' }, `money-transfer-a-${round}`),
    () => send(WALLET_PATHS.transfer, { currency: 'USDT', from: 'spot', to: 'ico', quantity: '100' }, `money-transfer-b-${round}`),
    // 99 and a fee of 1.
    () => send(WALLET_PATHS.withdraw, { currency: 'USDT', network: 'TRC20', address: ADDRESS, quantity: '99', funds_password: PASSWORD }, `money-withdraw-${round}`),
    () => send(SPOT_PATHS.place, { symbol: 'ETH_USDT', side: 'buy', type: 'limit', price: '100', quantity: '1' }, `money-buy-${round}`),
    () => send(SPOT_PATHS.stopPlace, { symbol: 'ETH_USDT', side: 'buy', trigger_price: '1000000', price: '100', quantity: '1' }, `money-stop-${round}`),
  ];
}

describe('one balance, every route that spends it, at once', () => {
  const funded = async () => t.user({ funded: { USDT: '100' }, verified: true, fundsPasswordHash: await hashPassword(PASSWORD) });

  it('each of the five requests alone goes through (so the race below is one of five winners)', async () => {
    for (let i = 0; i < 5; i++) {
      const user = await funded();
      const answer = await requests((path, body, key) => t.post(user, path, body, { 'idempotency-key': key }), `alone-${user.id}`)[i]!();
      expect(answer.body.code, answer.body.msg).toBe(200);
    }
  });

  it('100 USDT asked for by ten requests of five routes: exactly one goes through, nothing negative, the books clean', async () => {
    const user = await funded();
    const send = (path: string, body: object, key: string) => t.post(user, path, body, { 'idempotency-key': key });
    const answers = await Promise.all([...requests(send, `a-${user.id}`), ...requests(send, `b-${user.id}`)].map((request) => request()));
    const codes = answers.map((a) => a.body.code);
    // Each would go through alone; together, exactly one does.
    expect(codes.filter((c) => c === 200).length, JSON.stringify(answers.map((a) => a.body.msg))).toBe(1);
    expect(codes.every((c) => c === 200 || c === 400), JSON.stringify(codes)).toBe(true);
    const accounts = ['spot', 'contract', 'ico'] as const;
    const held = await Promise.all(accounts.map((a) => readBalance(t.db, user.id, 'USDT', a)));
    for (const b of held) for (const v of [b.available, b.frozen]) expect(Number(v)).toBeGreaterThanOrEqual(0);
    // Whatever went through, the user's USDT is still 100 across accounts, frozen included.
    expect(held.reduce((sum, b) => sum + Number(b.available) + Number(b.frozen), 0)).toBe(100);
    await expectLedgerConsistent(t.db);
  });
});
