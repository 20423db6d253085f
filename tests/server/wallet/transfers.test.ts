import { describe, expect, it } from 'vitest';
import { WALLET_PATHS, type TransferRecord } from '../../../domain/wallet.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal } from '../http.js';
import { PRODUCT_WALLET_ACCOUNTS as WALLET_ACCOUNTS } from '../support/walletAccounts.js';
import { expectLedgerConsistent, useWallet, type TestUser } from './harness.js';

const EN = MESSAGES.en_US;
const t = useWallet();
let keys = 0;
const transfer = (user: TestUser, body: Record<string, unknown>, key = `transfer-key-${++keys}`) =>
  t.call<TransferRecord>(user, WALLET_PATHS.transfer, { currency: 'USDT', from: 'spot', to: 'contract', quantity: '1', ...body }, key);

describe('internal transfers', () => {
  it('moves between every pair of the five accounts, instantly, without a fee, with paired ledger entries', async () => {
    const user = await t.newUser();
    await t.fund(user, 'USDT', '100');
    for (const to of WALLET_ACCOUNTS.filter((a) => a !== 'spot')) expectOk(await transfer(user, { to, quantity: '10' }));
    const pushes = t.feed.pushes.length;
    for (const from of WALLET_ACCOUNTS) {
      for (const to of WALLET_ACCOUNTS.filter((a) => a !== from)) {
        const answer = await transfer(user, { from, to, quantity: '2.5' });
        expect(answer.body.msg).toBe(EN.walletTransferSucceeded);
        expect(expectOk(answer)).toMatchObject({ currency: 'USDT', from, to, quantity: '2.5' });
      }
    }
    // Each account sent and received 4 × 2.5: back where it was.
    for (const account of WALLET_ACCOUNTS) expect(await t.balance(user, 'USDT', account)).toEqual({ available: account === 'spot' ? '60' : '10', frozen: '0' });
    expect(t.feed.pushes.slice(pushes)).toHaveLength(20);
    expect(t.feed.pushes.at(-1)).toEqual({ userId: user.id, rows: [{ currency: 'USDT', account: 'ico' }, { currency: 'USDT', account: 'legal' }] });
    const unpaired = await t.db.query(
      `select ref_id from ledger_entry where user_id = $1 and ref_type = 'transfer'
       group by ref_id having count(*) <> 2 or sum(available_change) <> 0 or count(*) filter (where kind = 'transfer_out') <> 1`,
      [user.id],
    );
    expect(unpaired).toEqual([]);
    await expectLedgerConsistent(t.db);
  });

  it('refuses the same account, bad quantities, unknown currencies and accounts, and overdrafts, changing nothing', async () => {
    const user = await t.newUser();
    await t.fund(user, 'USDT', '5');
    expectRefusal(await transfer(user, { from: 'spot', to: 'spot' }), 400, EN.walletTransferSameAccount);
    for (const quantity of ['0', '-1', '1.123456789', 'one']) expectRefusal(await transfer(user, { quantity }), 400, EN.walletQuantityInvalid);
    // Too many digits before the point is said so (a 39-digit number read "… at most 8 decimals"); 15 is an overdraft.
    for (const quantity of ['1' + '0'.repeat(38), '1234567890123456', '1234567890123456.5']) expectRefusal(await transfer(user, { quantity }), 400, EN.walletQuantityTooLarge);
    expectRefusal(await transfer(user, { quantity: '123456789012345' }), 400, EN.walletInsufficientBalance);
    const german = await t.call({ id: user.id, headers: { ...user.headers, lang: 'de_DE' } }, WALLET_PATHS.transfer, { currency: 'USDT', from: 'spot', to: 'contract', quantity: '1'.repeat(39) }, 'transfer-key-too-large');
    expectRefusal(german, 400, MESSAGES.de_DE.walletQuantityTooLarge);
    expectRefusal(await transfer(user, { currency: 'NOPE' }), 400, 'Unknown currency NOPE');
    expectRefusal(await transfer(user, { to: 'savings' }), 400, 'Invalid value: To account (to)');
    expectRefusal(await transfer(user, { quantity: '5.00000001' }), 400, EN.walletInsufficientBalance);
    expectRefusal(await transfer(user, { from: 'contract', to: 'spot' }), 400, EN.walletInsufficientBalance);
    expectRefusal(await transfer(user, { quantity: '6' }, undefined), 400, MESSAGES.en_US.walletInsufficientBalance);
    expect(await t.balance(user, 'USDT')).toEqual({ available: '5', frozen: '0' });
    expect(await t.db.query('select 1 from wallet_transfer where user_id = $1', [user.id])).toEqual([]);
  });

  it('one Idempotency-Key is one transfer; without a key, an identical body within 2000 ms is a repeat', async () => {
    const user = await t.newUser();
    await t.fund(user, 'USDT', '50');
    const answers = await Promise.all(Array.from({ length: 6 }, () => transfer(user, { quantity: '7' }, 'one-transfer-key')));
    expect(new Set(answers.map((a) => expectOk(a).id)).size).toBe(1);
    expect(await t.balance(user, 'USDT', 'contract')).toEqual({ available: '7', frozen: '0' });
    const body = { currency: 'USDT', from: 'spot', to: 'ico', quantity: '3' };
    expectOk(await t.call(user, WALLET_PATHS.transfer, body));
    expectOk(await t.call(user, WALLET_PATHS.transfer, body));
    expect(await t.balance(user, 'USDT', 'ico')).toEqual({ available: '3', frozen: '0' });
  });

  it('20 at once that together overdraw: exactly the affordable ones go through', async () => {
    const user = await t.newUser();
    await t.fund(user, 'USDT', '100');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => transfer(user, { to: 'sec_contract', quantity: '10' }, `burst-${user.id}-${i}`)));
    expect(answers.filter((a) => a.body.code === 200), JSON.stringify(answers.map((a) => a.body.msg))).toHaveLength(10);
    for (const a of answers.filter((x) => x.body.code !== 200)) expectRefusal(a, 400, EN.walletInsufficientBalance);
    expect(await t.balance(user, 'USDT')).toEqual({ available: '0', frozen: '0' });
    expect(await t.balance(user, 'USDT', 'sec_contract')).toEqual({ available: '100', frozen: '0' });
    await expectLedgerConsistent(t.db);
  });
});

describe('transfers both ways at once', () => {
  it('spot→contract and contract→spot fired together all settle, without deadlock or overdraft', async () => {
    const user = await t.newUser();
    await t.fund(user, 'USDT', '100');
    expectOk(await transfer(user, { to: 'contract', quantity: '50' }));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => transfer(user, i % 2 ? { from: 'spot', to: 'contract', quantity: '5' } : { from: 'contract', to: 'spot', quantity: '5' }, `both-ways-${user.id}-${i}`)),
    );
    expect(answers.map((a) => a.body.code)).toEqual(Array(20).fill(200));
    expect(await t.balance(user, 'USDT')).toEqual({ available: '50', frozen: '0' });
    expect(await t.balance(user, 'USDT', 'contract')).toEqual({ available: '50', frozen: '0' });
    await expectLedgerConsistent(t.db);
  });
});
