import { secondsIndexChannel } from '../../domain/seconds.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { futureIndexChannel, futureTickChannel, spotTickChannel } from '../../domain/api.js';
import { KLINE_INTERVALS } from '../../domain/constants.js';
import { futureDepthChannel, futureKlineChannel, futureTradeChannel } from '../../domain/futures/api.js';
import { depthChannel, klineChannel, tradeChannel } from '../../domain/market.js';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { accountRules } from '../../server/kernel/platform/ledger/accountRules.js';
import { systemAccountId, type SystemAccount, type SystemAccountFamily } from '../../server/kernel/platform/ledger/systemAccounts.js';
import { productChannels } from '../../server/products/channels.js';
import { icoProjectAccountId } from '../../server/products/ico/ledger.js';
import { PRODUCTS } from '../../server/products/index.js';
import { openTestDatabase } from './testDb.js';

/**
 * Issue 39: the products declare what the kernel used to name (system accounts, account kinds,
 * channels). Existing databases hold the accounts by their stored names, and clients subscribe to
 * the channels by theirs: neither may change with the move.
 */
const declared = PRODUCTS.flatMap((p) => p.ledger?.systemAccounts ?? []);
const fixed = declared.filter((a): a is SystemAccount => 'account' in a);
const families = declared.filter((a): a is SystemAccountFamily => 'prefix' in a);

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

describe('system accounts', () => {
  it('keep their stored names and nicknames', async () => {
    expect(fixed.map((a) => a.account).sort()).toEqual(['system:futures_pool', 'system:insurance_fund', 'system:operator_corrections', 'system:seconds_house']);
    expect(families.map((f) => f.prefix)).toEqual(['system:ico:']);
    for (const account of fixed) await systemAccountId(db, account);
    await systemAccountId(db, 'fees');
    await icoProjectAccountId(db, 'NEW');
    const rows = await db.query<{ account: string; nickname: string }>(`select account, nickname from app_user where kind = 'system' order by account`);
    expect(Object.fromEntries(rows.map((r) => [r.account, r.nickname]))).toEqual({
      'system:fees': 'Platform (fees)',
      'system:futures_pool': 'Platform (futuresPool)',
      'system:ico:NEW': 'ICO project (NEW)',
      'system:insurance_fund': 'Platform (insuranceFund)',
      'system:operator_corrections': 'Platform (operatorCorrections)',
      'system:seconds_house': 'Platform (secondsHouse)',
    });
  });

  it('no product declares an account another product or the kernel has', () => {
    const names = ['system:fees', ...fixed.map((a) => a.account)];
    expect(new Set(names).size).toBe(names.length);
    for (const family of families) expect(names.filter((n) => n.startsWith(family.prefix))).toEqual([]);
  });
});

describe('account kinds', () => {
  const kinds = ['spot', ...PRODUCTS.flatMap((p) => p.ledger?.kinds ?? [])];
  // Issue 54 §2: the wallet lists the accounts the products declare, not a list of its own.
  const listed = accountRules([], undefined, PRODUCTS.map((p) => p.walletAccounts)).kinds;

  it("are the wallet's five accounts in spec §2's order, each declared once, by the product whose ledger keeps it", () => {
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(listed).toEqual(['spot', 'contract', 'sec_contract', 'legal', 'ico']);
    for (const p of PRODUCTS) expect((p.walletAccounts ?? []).map((a) => a.kind)).toEqual([...(p.ledger?.kinds ?? [])]);
  });

  it('two products declaring one account are refused at start', () => {
    expect(() => accountRules([], undefined, [[{ kind: 'contract', place: 21 }], [{ kind: 'contract', place: 25 }]])).toThrow(/two products declare the contract wallet account/);
  });

  it("are the kinds the balance table admits (wallet_account_kind, a row a product's migration adds)", async () => {
    const rows = await db.query<{ kind: string }>('select kind from wallet_account_kind order by kind');
    expect(rows.map((r) => r.kind)).toEqual([...kinds].sort());
    await expect(db.query(`insert into balance (user_id, currency, account) values ((select min(id) from app_user), 'USDT', 'savings')`)).rejects.toThrow();
  });
});

describe('channels', () => {
  // What kernel/platform/realtime/channels.ts built itself before the products declared their channels.
  const before = (left: string, right: string) => [
    spotTickChannel(left, right),
    depthChannel(left, right),
    tradeChannel(left, right),
    ...KLINE_INTERVALS.map((i) => klineChannel(left, right, i)),
    futureTickChannel(left, right),
    futureIndexChannel(left, right),
    futureDepthChannel(left, right),
    futureTradeChannel(left, right),
    ...KLINE_INTERVALS.map((i) => futureKlineChannel(left, right, i)),
  ];

  // Spot's, then the seconds index (issue 50 S2: the contract cards follow the index, not the last trade), then futures'.
  const withSeconds = (left: string, right: string, names: string[]) => [...names.slice(0, 3 + KLINE_INTERVALS.length), secondsIndexChannel(left, right), ...names.slice(3 + KLINE_INTERVALS.length)];

  // The site's notices channel (issue 51 §5) and pair list channel (issue 52 §1) come with every listed pair: the registry holds channels per pair (one copy kept).
  it('are the same names for spot and contract pairs, and a tradable pair has its seconds index', () => {
    expect(productChannels({ left_symbol: 'BTC', right_symbol: 'USDT', trade_status: 1, contract_status: 1 })).toEqual(['pair_list', 'site_notices', ...withSeconds('BTC', 'USDT', before('BTC', 'USDT'))]);
    expect(productChannels({ left_symbol: 'ETH', right_symbol: 'BTC', trade_status: 1, contract_status: 0 })).toEqual(['pair_list', 'site_notices', ...withSeconds('ETH', 'BTC', before('ETH', 'BTC').slice(0, 3 + KLINE_INTERVALS.length))]);
    expect(productChannels({ left_symbol: 'X', right_symbol: 'USDT', trade_status: 0, contract_status: 0 })).toEqual([]);
  });
});
