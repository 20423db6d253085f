import { beforeAll, describe, expect, it } from 'vitest';
import { CORRECTION_PATHS, type CorrectionView } from '../../../domain/corrections.js';
import { SPOT_PATHS } from '../../../domain/spotOrders.js';
import { TREASURY_PATHS, type BalanceSheet, type TreasurySeries, type TreasurySeriesName } from '../../../domain/treasury.js';
import { WALLET_PATHS, type DepositRecord, type WithdrawalRecord } from '../../../domain/wallet.js';
import { hashPassword } from '../../../server/kernel/platform/auth/passwords.js';
import { listPairs } from '../../../server/kernel/platform/catalogue.js';
import { createEngine } from '../../../server/kernel/exchange/matching/index.js';
import { pairSpec } from '../../../server/kernel/exchange/pairSpec.js';
import { changeBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { systemAccountId } from '../../../server/kernel/platform/ledger/systemAccounts.js';
import { INSURANCE_FUND } from '../../../server/products/futures/ledger.js';
import { ICO_PROJECTS } from '../../../server/products/ico/ledger.js';
import { liabilitiesService } from '../../../server/products/liabilities/liabilities.js';
import { databaseFiatRates } from '../../../server/products/markets/fiatRates.js';
import { SECONDS_HOUSE } from '../../../server/products/seconds/ledger.js';
import { SpotMarket } from '../../../server/products/spot/spotMarket.js';
import { spotStops } from '../../../server/products/spot/stops.js';
import { spotTrading } from '../../../server/products/spot/trading.js';
import { ACCOUNTS } from '../../../server/products/treasury/accounts.js';
import { treasuryRoutes } from '../../../server/products/treasury/routes.js';
import { SimulatedChain } from '../../../server/products/wallet/chain/simulatedChain.js';
import { CORRECTIONS_ACCOUNT } from '../../../server/products/wallet/corrections/account.js';
import { corrections } from '../../../server/products/wallet/corrections/corrections.js';
import { correctionRoutes } from '../../../server/products/wallet/corrections/routes.js';
import { wallet } from '../../../server/products/wallet/wallet.js';
import { testAppRoutes } from '../buildApp.js';
import { expectOk, type Answer } from '../http.js';
import { deskOperator, OPERATOR_SECRET, type TestOperator } from '../support/operators.js';
import { productTestbed } from '../support/productTestbed.js';
import type { TestUser } from '../support/users.js';
import { recordingFeed } from '../wallet/harness.js';

/**
 * Issue 52 §3 on the server: after a scripted day — deposits through the simulated chain, a spot
 * trade with its fees, a withdrawal approved and confirmed, an operator correction with four eyes,
 * a liquidation fee into the insurance fund, a seconds stake lost to the house and a P2P escrow
 * locked and released — each series is what the ledger says (summed here by this file's own
 * queries), the balance sheet's user liabilities are the proof of liabilities' totals and every
 * difference is zero with the ledger audit clean; only finance and auditors may read it, and bad
 * input is a 400 that changes nothing.
 */
const FUNDS_PASSWORD = 'Funds-pass-1';
const markets = new Map<string, SpotMarket>();
const t = productTestbed({
  async products({ db, now }) {
    for (const p of await listPairs(db)) {
      if (p.trade_status !== 1 || p.left_symbol !== 'BTC' || p.right_symbol !== 'USDT') continue;
      const market = new SpotMarket(pairSpec(p), db, createEngine(), { publish: () => undefined });
      await market.restore();
      markets.set(market.spec.symbol, market);
    }
    const stops = spotStops({ db, local: (s) => markets.get(s), log: (e) => console.error(e) });
    for (const m of markets.values()) await stops.watch(m);
    const spot = spotTrading({ db, stops, markets: { market: (s) => markets.get(s), holding: (id) => [...markets.values()].find((m) => m.restingOwner(id) !== undefined) }, pairStatusMs: 0 });
    const chain = new SimulatedChain({ blockMs: 60_000 });
    const feed = recordingFeed();
    const walletProduct = wallet({ db, chain, feed, now });
    chain.connect(walletProduct.chainEvents);
    return { spot, chain, wallet: walletProduct, corrections: corrections({ db, feed, now }) };
  },
  parts: (p, db) => ({
    routes: [...testAppRoutes({ db, rates: databaseFiatRates(db), spot: p.spot, wallet: p.wallet, chainSimulator: p.chain }), correctionRoutes({ service: p.corrections }), treasuryRoutes(db, Date.now)],
    stop: async () => {
      p.chain.stop();
      await Promise.all([...markets.values()].map((m) => m.idle()));
    },
  }),
  operator: 'treasury-chief@openex.test',
  // It approves a withdrawal, which asks its own code.
  operatorTwoFactor: true,
  users: { tag: 'treasury' },
});

const series = (who: TestOperator, name: TreasurySeriesName, days = 30) => t.post<TreasurySeries>(who.headers, TREASURY_PATHS.series, { series: name, range_days: days });
const read = async (who: TestOperator, name: TreasurySeriesName) => expectOk(await series(who, name));
const sheetOf = async (who: TestOperator) => expectOk(await t.post<BalanceSheet>(who.headers, TREASURY_PATHS.balanceSheet, {}));

/** A series' points as "key/kind currency amount" lines, sorted: what the desk shows for today. */
const lines = (s: TreasurySeries) => s.points.map((p) => `${p.key}/${p.kind} ${p.currency} ${p.amount}`).sort();

/** The sum of `column` over the ledger entries `where` picks, per currency, written plainly. */
async function ledgerSum(where: string, params: unknown[] = [], column = 'available_change + frozen_change') {
  const rows = await t.db.query<{ currency: string; total: string }>(
    `select currency, trim_scale(sum(${column}))::text as total from ledger_entry where ${where} group by currency having sum(${column}) <> 0 order by currency`,
    params,
  );
  return Object.fromEntries(rows.map((r) => [r.currency, r.total]));
}

/** A series' amounts summed per currency for one key. */
const totalsOf = (s: TreasurySeries, key: string) => {
  const out: Record<string, number> = {};
  for (const p of s.points) if (p.key === key) out[p.currency] = (out[p.currency] ?? 0) + Number(p.amount);
  return Object.fromEntries(Object.entries(out).map(([c, v]) => [c, String(Number(v.toFixed(12)))]));
};

const ops = t.deskOperators({ finance: ['finance'], second: ['finance'], auditor: ['auditor'] });
let buyer: TestUser;
let seller: TestUser;

beforeAll(async () => {
  const fundsPasswordHash = await hashPassword(FUNDS_PASSWORD);
  buyer = await t.user({ tag: 'buyer', verified: true, fundsPasswordHash });
  seller = await t.user({ tag: 'seller', verified: true, fundsPasswordHash, funded: { BTC: '1' } });

  // Deposits through the simulated chain, mined to success.
  const address = expectOk(await t.post<{ address: string }>(buyer, WALLET_PATHS.depositAddress, { currency: 'USDT', network: 'TRC20' })).address;
  expectOk(await t.post<DepositRecord>(undefined, WALLET_PATHS.simulateDeposit, { address, currency: 'USDT', network: 'TRC20', quantity: '1000' }));
  await mineAll();

  // A spot trade: both sides pay their fee to the platform.
  expectOk(await t.post(seller, SPOT_PATHS.place, { symbol: 'BTC_USDT', side: 'sell', type: 'limit', price: '50000', quantity: '0.01' }));
  expectOk(await t.post(buyer, SPOT_PATHS.place, { symbol: 'BTC_USDT', side: 'buy', type: 'limit', price: '50000', quantity: '0.01' }));
  await Promise.all([...markets.values()].map((m) => m.idle()));

  // A withdrawal, approved and confirmed on the chain.
  const w = expectOk(
    await t.post<WithdrawalRecord>(buyer, WALLET_PATHS.withdraw, { currency: 'USDT', network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', quantity: '200', funds_password: FUNDS_PASSWORD }, { 'idempotency-key': 'treasury-w-1' }),
  );
  expectOk(await t.post(t.operator, WALLET_PATHS.operatorApproveWithdrawal, { id: w.id, totp_code: t.operatorCode({ secret: OPERATOR_SECRET }) }));
  await mineAll();
  expect((await t.db.query<{ status: number }>('select status from withdrawal where id = $1', [w.id]))[0]!.status).toBe(3);

  // A correction: proposed by one finance operator, approved by another with their code.
  const c = expectOk(await t.post<CorrectionView>(ops.finance.headers, CORRECTION_PATHS.propose, { user_id: seller.id, currency: 'USDT', account: 'spot', direction: 'credit', quantity: '25.5', reason: 'Missed deposit', reference: '0xabc' }));
  expectOk(await t.post<CorrectionView>(ops.second.headers, CORRECTION_PATHS.approve, { id: c.id, totp_code: t.operatorCode(ops.second) }));

  // What other products would book, balanced as they book it: a liquidation fee into the insurance
  // fund, a lost seconds stake to the house (whose capital came from outside), a P2P escrow locked
  // then released to the buyer.
  const fund = await systemAccountId(t.db, INSURANCE_FUND);
  const house = await systemAccountId(t.db, SECONDS_HOUSE);
  await t.db.transaction(async (tx) => {
    await changeBalance(tx, { userId: seller.id, currency: 'USDT', account: 'spot', available: '-10', frozen: '0', kind: 'transfer_out', refType: 'transfer', refId: null });
    await changeBalance(tx, { userId: seller.id, currency: 'USDT', account: 'contract', available: '10', frozen: '0', kind: 'transfer_in', refType: 'transfer', refId: null });
    await changeBalance(tx, { userId: seller.id, currency: 'USDT', account: 'contract', available: '-3', frozen: '0', kind: 'liquidation_fee', refType: 'futures_order', refId: 987654 });
    await changeBalance(tx, { userId: fund, currency: 'USDT', account: 'contract', available: '3', frozen: '0', kind: 'liquidation_fee', refType: 'futures_order', refId: 987654 });
    // Funding both ways through the fund: it receives 2 from one payer and pays 1 to a receiver.
    await changeBalance(tx, { userId: seller.id, currency: 'USDT', account: 'contract', available: '-2', frozen: '0', kind: 'funding', refType: 'futures_funding', refId: 1_790_000_000_000 });
    await changeBalance(tx, { userId: fund, currency: 'USDT', account: 'contract', available: '2', frozen: '0', kind: 'funding', refType: 'futures_funding', refId: 1_790_000_000_000 });
    await changeBalance(tx, { userId: fund, currency: 'USDT', account: 'contract', available: '-1', frozen: '0', kind: 'funding', refType: 'futures_funding', refId: 1_790_000_000_000 });
    await changeBalance(tx, { userId: buyer.id, currency: 'USDT', account: 'contract', available: '1', frozen: '0', kind: 'funding', refType: 'futures_funding', refId: 1_790_000_000_000 });
    await changeBalance(tx, { userId: house, currency: 'USDT', account: 'spot', available: '100', frozen: '0', kind: 'deposit', refType: 'seconds_house_capital', refId: null });
    await changeBalance(tx, { userId: seller.id, currency: 'USDT', account: 'contract', available: '-2', frozen: '0', kind: 'seconds_settle', refType: 'seconds_settlement', refId: 1 });
    await changeBalance(tx, { userId: house, currency: 'USDT', account: 'spot', available: '2', frozen: '0', kind: 'seconds_house', refType: 'seconds_settlement', refId: 1 });
    await changeBalance(tx, { userId: seller.id, currency: 'BTC', account: 'spot', available: '-0.1', frozen: '0', kind: 'transfer_out', refType: 'transfer', refId: null });
    await changeBalance(tx, { userId: seller.id, currency: 'BTC', account: 'legal', available: '0.1', frozen: '0', kind: 'transfer_in', refType: 'transfer', refId: null });
    await changeBalance(tx, { userId: seller.id, currency: 'BTC', account: 'legal', available: '-0.1', frozen: '0.1', kind: 'fiat_escrow', refType: 'fiat_order', refId: 1 });
    await changeBalance(tx, { userId: seller.id, currency: 'BTC', account: 'legal', available: '0', frozen: '-0.1', kind: 'fiat_release', refType: 'fiat_order', refId: 1 });
    await changeBalance(tx, { userId: buyer.id, currency: 'BTC', account: 'legal', available: '0.1', frozen: '0', kind: 'fiat_receive', refType: 'fiat_order', refId: 1 });
  });
});

async function mineAll() {
  const events = t.products.wallet.chainEvents;
  for (let i = 0; i < 20 && (await events.inFlight()).length > 0; i++) await t.products.chain.tick();
  expect(await events.inFlight()).toEqual([]);
}

describe('treasury series match the ledger', () => {
  it('names the other products’ accounts as they declare them', () => {
    expect(ACCOUNTS.insurance).toBe(INSURANCE_FUND.account);
    expect(ACCOUNTS.secondsHouse).toBe(SECONDS_HOUSE.account);
    expect(ACCOUNTS.corrections).toBe(CORRECTIONS_ACCOUNT.account);
    expect(ACCOUNTS.icoProjectPrefix).toBe(ICO_PROJECTS.prefix);
  });

  it('fee income by product is what the fee account took: the users’ trade fees and the withdrawal fee', async () => {
    const fees = await read(ops.finance, 'fees');
    expect(fees).toMatchObject({ name: 'fees', days: 30, opening: {} });
    const paidByUsers = await ledgerSum(`kind = 'trade_fee'`, []);
    expect(Object.keys(paidByUsers).length).toBeGreaterThan(0);
    expect(totalsOf(fees, 'spot')).toEqual(Object.fromEntries(Object.entries(paidByUsers).map(([c, v]) => [c, String(-Number(v))])));
    const feeAccount = await systemAccountId(t.db, 'fees');
    expect(totalsOf(fees, 'wallet')).toEqual(await ledgerSum(`user_id = $1 and kind = 'withdraw_fee'`, [feeAccount]));
    expect(totalsOf(fees, 'wallet')).toEqual({ USDT: '1' });
  });

  it('deposits and withdrawals per day are the chain-crossing entries, the house capital apart', async () => {
    const chain = await read(ops.finance, 'chain');
    expect(totalsOf(chain, 'deposits')).toEqual({ BTC: '1', USDT: '1000' });
    expect(totalsOf(chain, 'withdrawals')).toEqual({ USDT: '-200' });
    // The correction's funding (it held nothing to pay the credit) and the house's capital.
    expect(totalsOf(chain, 'capital')).toEqual({ USDT: '125.5' });
    // Every entry is of today (or of yesterday, when the file ran across midnight UTC): days are UTC midnights.
    const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    expect(chain.points.every((p) => p.day === today || p.day === today - 86_400_000)).toBe(true);
  });

  it('operator corrections: the user credited, and the funding brought in from outside the books', async () => {
    expect(lines(await read(ops.auditor, 'corrections'))).toEqual(['credit/correction_credit USDT 25.5', 'funding/deposit USDT 25.5']);
  });

  it('the insurance fund’s inflows, the seconds house’s result and the P2P escrow', async () => {
    const insurance = await read(ops.finance, 'insurance');
    expect(lines(insurance)).toEqual(['funding/funding USDT -1', 'funding/funding USDT 2', 'futures_order/liquidation_fee USDT 3']);
    expect(insurance.opening).toEqual({});
    expect(lines(await read(ops.finance, 'seconds'))).toEqual(['result/seconds_house USDT 2']);
    const escrow = await read(ops.finance, 'escrow');
    expect(lines(escrow)).toEqual(['locked/fiat_escrow BTC 0.1', 'released/fiat_release BTC -0.1']);
    expect((await read(ops.finance, 'ico')).points).toEqual([]);
    expect(expectOk(await series(ops.finance, 'fees', 90)).days).toBe(90);
  });

  it('user liabilities are the proof of liabilities’ totals, and holdings minus users minus house is zero with the audit clean', async () => {
    await t.expectAuditClean();
    const sheet = await sheetOf(ops.finance);
    const snapshot = (await liabilitiesService({ db: t.db }).runDaily())!;
    for (const row of sheet.rows) {
      expect(row.difference, row.currency).toBe('0');
      expect(row.users, row.currency).toBe(snapshot.totals[row.currency] ?? '0');
    }
    const usdt = sheet.rows.find((r) => r.currency === 'USDT')!;
    expect(usdt).toMatchObject({ deposits: '1125.5', withdrawals: '-200', holdings: '925.5' });
    expect(usdt.house).toBe(String(Number(usdt.holdings) - Number(usdt.users)));
  });

  it('shows a difference when the books do not balance', async () => {
    // Money from nowhere: a balance with no chain entry behind it (the audit's rule 3 finding).
    await t.db.transaction((tx) => changeBalance(tx, { userId: buyer.id, currency: 'ETH', account: 'spot', available: '0.5', frozen: '0', kind: 'test_gift', refType: 'test', refId: null }));
    try {
      const eth = (await sheetOf(ops.finance)).rows.find((r) => r.currency === 'ETH')!;
      expect(eth).toMatchObject({ holdings: '0', users: '0.5', difference: '-0.5' });
    } finally {
      await t.db.transaction((tx) => changeBalance(tx, { userId: buyer.id, currency: 'ETH', account: 'spot', available: '-0.5', frozen: '0', kind: 'test_gift', refType: 'test', refId: null }));
    }
  });
});

describe('treasury access and input', () => {
  it('refuses every role but finance and auditor', async () => {
    for (const role of ['risk', 'support', 'compliance', 'admin'] as const) {
      const op = await deskOperator(t.app, t.operator, [role]);
      for (const answer of [await series(op, 'fees'), await t.post(op.headers, TREASURY_PATHS.balanceSheet, {})] as Answer<unknown>[]) {
        expect(answer.body.code, role).toBe(403);
        expect(answer.body.data).toEqual({ permission: 'treasury.read' });
      }
    }
    // A user's session is no operator's.
    expect((await t.post(buyer, TREASURY_PATHS.series, { series: 'fees', range_days: 30 })).body.code).toBe(403);
  });

  it('answers a 400 for an unknown series or range, and reads nothing', async () => {
    for (const body of [{ series: 'nope', range_days: 30 }, { series: 'fees', range_days: 7 }, { series: 'fees', range_days: '30' }, { series: 'fees' }, { series: 'fees', range_days: 30, extra: 1 }]) {
      const answer = await t.post(ops.finance.headers, TREASURY_PATHS.series, body);
      expect(answer.body.code, JSON.stringify(body)).toBe(400);
      expect(answer.body.data).toBeNull();
    }
  });
});
