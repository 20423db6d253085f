import { describe, expect, it } from 'vitest';
import { DepositStatus, WALLET_PATHS, type DepositAddress, type DepositRecord, type Page, type WalletNetwork } from '../../../domain/wallet.js';
import { wallet } from '../../../server/products/wallet/wallet.js';
import { SimulatedChain } from '../../../server/products/wallet/chain/simulatedChain.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal, post } from '../http.js';
import { expectLedgerConsistent, useWallet } from './harness.js';

const EN = MESSAGES.en_US;
const t = useWallet();
const deposit = (body: object, headers: Record<string, string> = {}) => post<DepositRecord>(t.app, WALLET_PATHS.simulateDeposit, body, headers);
const statusOf = async (txHash: string) =>
  (await t.db.query<{ status: number; confirmations: number }>('select status, confirmations from deposit where tx_hash = $1', [txHash])).map((r) => [Number(r.status), Number(r.confirmations)])[0];

describe('networks and deposit addresses', () => {
  it('lists every seeded currency with at least one network, USDT on TRC20 and ERC20, limits as decimal strings', async () => {
    const user = await t.newUser();
    const usdt = expectOk(await t.call<WalletNetwork[]>(user, WALLET_PATHS.networks, { currency: 'USDT' }));
    expect(usdt.map((n) => n.network)).toEqual(['TRC20', 'ERC20']);
    expect(usdt[0]).toEqual({ currency: 'USDT', network: 'TRC20', deposit_min: '1', withdraw_min: '10', withdraw_fee: '1', deposit_fee: '0', confirmations: 3, deposit_enabled: true, withdraw_enabled: true });
    for (const { symbol } of await t.db.query<{ symbol: string }>('select symbol from currency')) {
      expect((await t.wallet.networks(symbol)).length, symbol).toBeGreaterThan(0);
    }
    // recharge_turn 0 (LTC) and draw_turn 0 (TRX) show on the networks as closed.
    expect(expectOk(await t.call<WalletNetwork[]>(user, WALLET_PATHS.networks, { currency: 'LTC' }))[0]!.deposit_enabled).toBe(false);
    expect(expectOk(await t.call<WalletNetwork[]>(user, WALLET_PATHS.networks, { currency: 'TRX' }))[0]!.withdraw_enabled).toBe(false);
  });

  it('gives each user one stable, network-shaped address per currency and network', async () => {
    const [a, b] = [await t.newUser(), await t.newUser()];
    const first = expectOk(await t.call<DepositAddress>(a, WALLET_PATHS.depositAddress, { currency: 'USDT', network: 'TRC20' }));
    expect(first).toEqual({ currency: 'USDT', network: 'TRC20', address: expect.stringMatching(/^T[1-9A-HJ-NP-Za-km-z]{33}$/), deposit_min: '1', deposit_fee: '0' });
    expect(await t.address(a, 'USDT', 'TRC20')).toBe(first.address);
    expect(await t.address(a, 'USDT', 'ERC20')).toMatch(/^0x[0-9a-f]{40}$/);
    expect(await t.address(a, 'BTC', 'BTC')).toMatch(/^bc1q[a-z0-9]{38}$/);
    expect(await t.address(b, 'USDT', 'TRC20')).not.toBe(first.address);
    expect(Number((await t.db.query<{ n: number }>('select count(*)::int as n from deposit_address where user_id = $1', [a.id]))[0]!.n)).toBe(3);
  });

  it('refuses an unknown currency or network, and a currency closed for deposits, with translated messages', async () => {
    const user = await t.newUser();
    expectRefusal(await t.call(user, WALLET_PATHS.depositAddress, { currency: 'NOPE', network: 'TRC20' }), 400, 'Unknown currency NOPE');
    expectRefusal(await t.call(user, WALLET_PATHS.depositAddress, { currency: 'BTC', network: 'TRC20' }), 400, 'BTC is not available on the TRC20 network');
    expectRefusal(await t.call(user, WALLET_PATHS.depositAddress, { currency: 'LTC', network: 'LTC' }, undefined), 400, 'Deposits of LTC on LTC are suspended');
    expectRefusal(await post(t.app, WALLET_PATHS.depositAddress, { currency: 'LTC', network: 'LTC' }, { ...user.headers, lang: 'de_DE' }), 400, 'Einzahlungen von LTC über LTC sind ausgesetzt');
    expectRefusal(await t.call(user, WALLET_PATHS.depositAddress, { currency: 'BTC', network: { name: 'BTC' } }), 400, 'Invalid value: Network (network)');
  });
});

describe('a deposit on the simulated chain', () => {
  it('goes pending → confirming (n of N) → success, crediting spot once, in the same transaction as the status', async () => {
    const user = await t.newUser();
    const address = await t.address(user, 'USDT', 'TRC20');
    const sent = await deposit({ address, currency: 'USDT', network: 'TRC20', quantity: '250.5' });
    expect(sent.body.msg).toBe('Deposit sent; it is credited after 3 confirmations');
    const record = expectOk(sent);
    expect(record).toMatchObject({ currency: 'USDT', network: 'TRC20', address, quantity: '250.5', confirmations: 0, confirmations_required: 3, status: DepositStatus.pending });
    expect(record.tx_hash).toMatch(/^[0-9a-f]{64}$/);

    await t.chain.tick();
    expect(await statusOf(record.tx_hash)).toEqual([DepositStatus.confirming, 1]);
    await t.chain.tick();
    expect(await statusOf(record.tx_hash)).toEqual([DepositStatus.confirming, 2]);
    expect((await t.balance(user, 'USDT')).available).toBe('0');
    const pushesBefore = t.feed.pushes.length;
    await t.chain.tick();
    expect(await statusOf(record.tx_hash)).toEqual([DepositStatus.success, 3]);
    expect(await t.balance(user, 'USDT')).toEqual({ available: '250.5', frozen: '0' });
    expect(t.feed.pushes.slice(pushesBefore)).toEqual([{ userId: user.id, rows: [{ currency: 'USDT', account: 'spot' }] }]);

    // More blocks, or the same confirmation reported again, credit nothing more.
    await t.chain.tick();
    await t.wallet.chainEvents.confirmed('deposit', record.tx_hash, 3);
    expect((await t.balance(user, 'USDT')).available).toBe('250.5');
    const entries = await t.db.query<{ kind: string; ref_type: string; ref_id: string }>('select kind, ref_type, ref_id from ledger_entry where user_id = $1', [user.id]);
    expect(entries.map((e) => ({ ...e, ref_id: Number(e.ref_id) }))).toEqual([{ kind: 'deposit', ref_type: 'deposit', ref_id: record.id }]);
    const list = expectOk(await t.call<Page<DepositRecord>>(user, WALLET_PATHS.deposits, { days: 3, page: 1 }));
    expect(list.list).toEqual([{ ...record, confirmations: 3, status: DepositStatus.success }]);
  });

  it('pushes each new deposit and each status it reaches to its owner, so the list on screen follows (issue 37 §4)', async () => {
    const user = await t.newUser();
    const address = await t.address(user, 'USDT', 'TRC20');
    const record = expectOk(await deposit({ address, currency: 'USDT', network: 'TRC20', quantity: '30' }));
    await t.mineAll();
    const mine = t.feed.messages.filter(({ userId, message }) => userId === user.id && (message.kind === 'wallet' || message.kind === 'notice')).map((m) => m.message);
    expect(mine).toEqual([
      { channel: 'user', kind: 'wallet', record: 'deposit', id: record.id, status: DepositStatus.pending },
      { channel: 'user', kind: 'wallet', record: 'deposit', id: record.id, status: DepositStatus.confirming },
      { channel: 'user', kind: 'wallet', record: 'deposit', id: record.id, status: DepositStatus.confirming },
      { channel: 'user', kind: 'wallet', record: 'deposit', id: record.id, status: DepositStatus.success, notice: true },
      { channel: 'user', kind: 'notice' },
    ]);
  });

  it('counts the same chain transaction once however often it is reported', async () => {
    const user = await t.newUser();
    const address = await t.address(user, 'BTC', 'BTC');
    const seen = { address, currency: 'BTC', network: 'BTC', quantity: '0.5', txHash: 'a'.repeat(64) };
    const [one, two] = await Promise.all([t.wallet.chainEvents.depositSeen(seen), t.wallet.chainEvents.depositSeen(seen)]);
    expect(one.ok && two.ok && one.data.id === two.data.id).toBe(true);
    await t.mineAll();
    expect((await t.balance(user, 'BTC')).available).toBe('0.5');
  });

  it('refuses recharge_turn 0, an unknown address, a closed network, malformed amounts, translated; holds one below the minimum', async () => {
    const user = await t.newUser();
    const address = await t.address(user, 'USDT', 'ERC20');
    expectRefusal(await deposit({ address, currency: 'LTC', network: 'LTC', quantity: '1' }), 400, EN.walletDepositClosed.replace('{currency}', 'LTC').replace('{network}', 'LTC'));
    expectRefusal(await deposit({ address: 'T' + 'x'.repeat(33), currency: 'USDT', network: 'TRC20', quantity: '5' }), 400, EN.walletAddressUnknown);
    // Below the minimum: recorded as held (issue 52 §1; currencyFees.test.ts), never credited.
    const held = await deposit({ address, currency: 'USDT', network: 'ERC20', quantity: '9.99' });
    expect(held.body.msg).toBe(EN.walletDepositHeldBelowMinimum.replace('{currency}', 'USDT'));
    expect(expectOk(held)).toMatchObject({ status: DepositStatus.held, held_reason: 'below_minimum' });
    for (const quantity of ['-5', '1e3', '12.123456789', 'abc', '0']) {
      expectRefusal(await deposit({ address, currency: 'USDT', network: 'ERC20', quantity }), 400, EN.walletQuantityInvalid);
    }
    expectRefusal(await deposit({ address, currency: 'USDT', network: 'ERC20', quantity: '1000000000000000' }), 400, EN.walletQuantityTooLarge);
    // The address of another currency on the same network is not this currency's address.
    expectRefusal(await deposit({ address, currency: 'ETH', network: 'ERC20', quantity: '1' }), 400, EN.walletAddressUnknown);
    await t.db.query(`update currency_network set deposit_enabled = false where currency = 'USDT' and network = 'ERC20'`);
    try {
      expectRefusal(await deposit({ address, currency: 'USDT', network: 'ERC20', quantity: '50' }), 400, 'Deposits of USDT on ERC20 are suspended');
    } finally {
      await t.db.query(`update currency_network set deposit_enabled = true where currency = 'USDT' and network = 'ERC20'`);
    }
    expectRefusal(await deposit({ address, currency: 'USDT', quantity: { amount: '50' } }), 400);
    expectRefusal(await deposit({ currency: 'USDT', quantity: '50' }), 400);
    // Only the held one was recorded.
    expect(await t.db.query('select status, held_reason from deposit where user_id = $1', [user.id])).toEqual([{ status: DepositStatus.held, held_reason: 'below_minimum' }]);
  });

  it('finds the network from the address when it is left out (the dev command)', async () => {
    const user = await t.newUser();
    const address = await t.address(user, 'ETH', 'ERC20');
    expect(expectOk(await deposit({ address, currency: 'ETH', quantity: '1.25' })).network).toBe('ERC20');
    await t.mineAll();
    expect((await t.balance(user, 'ETH')).available).toBe('1.25');
  });

  it('resumes after a restart: a new wallet and chain over the same database finish a confirming deposit', async () => {
    const user = await t.newUser();
    const address = await t.address(user, 'BTC', 'BTC');
    const record = expectOk(await deposit({ address, currency: 'BTC', network: 'BTC', quantity: '0.01' }));
    await t.chain.tick();
    expect(await statusOf(record.tx_hash)).toEqual([DepositStatus.confirming, 1]);

    // The restarted server: fresh instances, nothing shared but the database. Its timer mines the rest.
    const chain = new SimulatedChain({ blockMs: 20 });
    chain.connect(wallet({ db: t.db, chain }).chainEvents);
    chain.start();
    try {
      await expect.poll(() => statusOf(record.tx_hash), { timeout: 5000 }).toEqual([DepositStatus.success, 3]);
    } finally {
      await chain.stop();
    }
    expect((await t.balance(user, 'BTC')).available).toBe('0.01');
    await expectLedgerConsistent(t.db);
  });
});

describe('the faucet and the user calls', () => {
  it('answers a translated refusal when the simulator is off, and 403 for wallet calls without a user token', async () => {
    const { buildApp } = await import('../buildApp.js');
    const { databaseFiatRates } = await import('../../../server/products/markets/fiatRates.js');
    const off = await buildApp({ db: t.db, rates: databaseFiatRates(t.db), wallet: t.wallet });
    try {
      expectRefusal(await post(off, WALLET_PATHS.simulateDeposit, { address: 'x'.repeat(20), currency: 'BTC', quantity: '1' }), 400, EN.walletChainSimulatorOff);
    } finally {
      await off.close();
    }
    const userPaths = Object.entries(WALLET_PATHS).filter(([name]) => !name.startsWith('operator') && name !== 'simulateDeposit');
    for (const [, path] of userPaths) {
      for (const headers of [{}, { token: 'nope' }, t.operator]) expectRefusal(await post(t.app, path, {}, headers), 403, EN.notLoggedIn);
    }
    const user = await t.newUser();
    for (const path of [WALLET_PATHS.operatorWithdrawals, WALLET_PATHS.operatorApproveWithdrawal, WALLET_PATHS.operatorFailWithdrawal]) {
      expectRefusal(await post(t.app, path, { page: 1 }, user.headers), 403, EN.notLoggedIn);
    }
  });

  it('answers bad bodies on every wallet call with body code 400, never a 500', async () => {
    const user = await t.newUser();
    const json = { ...user.headers, 'content-type': 'application/json' };
    const paths = Object.entries(WALLET_PATHS).filter(([name]) => !name.startsWith('operator')).map(([, path]) => path);
    for (const path of paths) {
      for (const raw of ['{', '"text"', '[]', JSON.stringify({ currency: ['BTC', 'ETH'], account: ['spot', 'ico'], days: 'x', page: -1, quantity: {}, address: 7 })]) {
        const answer = await post(t.app, path, raw, json);
        expect(answer.status, `${path} ${raw}`).toBe(200);
        // The overview takes no payload: members it would ignore are refused as unknown fields too.
        expect(answer.body.code, `${path} ${raw}`).toBe(400);
      }
    }
    for (const path of [WALLET_PATHS.operatorWithdrawals, WALLET_PATHS.operatorApproveWithdrawal, WALLET_PATHS.operatorFailWithdrawal]) {
      for (const raw of ['{', '{"id":"x","page":0}', '{"id":99999999}']) {
        const answer = await post(t.app, path, raw, { ...t.operator, 'content-type': 'application/json' });
        expect(answer.body.code, `${path} ${raw}`).toBe(400);
      }
    }
  });
});
