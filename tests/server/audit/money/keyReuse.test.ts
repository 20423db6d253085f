import { describe, expect, it } from 'vitest';
import { WALLET_PATHS, type TransferRecord, type WithdrawalRecord } from '../../../../domain/wallet.js';
import { MESSAGES } from '../../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal } from '../../http.js';
import { expectLedgerConsistent, FUNDS_PASSWORD, useWallet } from '../../wallet/harness.js';

/**
 * An Idempotency-Key names one intended action. A repeat of it with the same body answers the
 * first result; the same key with another body is a different action under a used name: refused,
 * changing nothing — not answered with the first action's result, which would tell the sender
 * that their second, different request succeeded.
 */
const EN = MESSAGES.en_US;
const t = useWallet();
const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

const transfer = (user: { id: number; headers: Record<string, string> }, quantity: string, key: string, to = 'contract') =>
  t.call<TransferRecord>(user, WALLET_PATHS.transfer, { currency: 'USDT', from: 'spot', to, quantity }, key);

describe('one Idempotency-Key, another body', () => {
  it('a transfer: the same body answers the first result, another body is refused and moves nothing', async () => {
    const user = await t.newUser();
    await t.fund(user, 'USDT', '100');
    const first = expectOk(await transfer(user, '7', 'reused-transfer-key'));
    expect(expectOk(await transfer(user, '7', 'reused-transfer-key')).id).toBe(first.id);
    // The same body with its members in another order is the same action.
    expect(expectOk(await t.call<TransferRecord>(user, WALLET_PATHS.transfer, { quantity: '7', to: 'contract', from: 'spot', currency: 'USDT' }, 'reused-transfer-key')).id).toBe(first.id);
    expectRefusal(await transfer(user, '50', 'reused-transfer-key'), 400, EN.idempotencyKeyReused);
    expectRefusal(await transfer(user, '7', 'reused-transfer-key', 'ico'), 400, EN.idempotencyKeyReused);
    expect(await t.balance(user, 'USDT')).toEqual({ available: '93', frozen: '0' });
    expect(await t.balance(user, 'USDT', 'contract')).toEqual({ available: '7', frozen: '0' });
    expect(await t.balance(user, 'USDT', 'ico')).toEqual({ available: '0', frozen: '0' });
    await expectLedgerConsistent(t.db);
  });

  it('two bodies under one key at once: one is carried out, the other refused', async () => {
    const user = await t.newUser();
    await t.fund(user, 'USDT', '100');
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => transfer(user, i % 2 ? '10' : '30', 'racing-bodies-key')));
    const done = answers.filter((a) => a.body.code === 200).map((a) => expectOk(a));
    expect(new Set(done.map((d) => d.id)).size).toBe(1);
    const quantity = done[0]!.quantity;
    // Every answer of the winning body is the same transfer; every answer of the other is refused.
    for (const [i, a] of answers.entries()) {
      if ((i % 2 ? '10' : '30') === quantity) expect(expectOk(a).id).toBe(done[0]!.id);
      else expectRefusal(a, 400, EN.idempotencyKeyReused);
    }
    expect(await t.balance(user, 'USDT', 'contract')).toEqual({ available: quantity, frozen: '0' });
    await expectLedgerConsistent(t.db);
  });

  it('a malformed key is refused, not taken as no key: a retry of it after the body window moved a transfer twice', async () => {
    const user = await t.newUser();
    await t.fund(user, 'USDT', '100');
    for (const key of ['retry.key.1', 'client:order:7', 'x'.repeat(65), 'short', 'two words!']) {
      expectRefusal(await transfer(user, '1', key), 400, EN.idempotencyKeyMalformed);
    }
    const german = await t.call({ id: user.id, headers: { ...user.headers, lang: 'de_DE' } }, WALLET_PATHS.transfer, { currency: 'USDT', from: 'spot', to: 'contract', quantity: '1' }, 'retry.key.1');
    expectRefusal(german, 400, MESSAGES.de_DE.idempotencyKeyMalformed);
    expect(await t.balance(user, 'USDT')).toEqual({ available: '100', frozen: '0' });
    expect(await t.db.query('select id from wallet_transfer where user_id = $1', [user.id])).toHaveLength(0);
    expectOk(await transfer(user, '1', 'x'.repeat(64)));
    expect(await t.balance(user, 'USDT')).toEqual({ available: '99', frozen: '0' });
  });

  it('a withdrawal: another quantity under a used key is refused; the funds password is not part of the body that counts', async () => {
    const user = await t.newUser({ verified: true });
    await t.fund(user, 'USDT', '100');
    const body = { currency: 'USDT', network: 'TRC20', address: ADDRESS, quantity: '20', funds_password: FUNDS_PASSWORD };
    const first = expectOk(await t.call<WithdrawalRecord>(user, WALLET_PATHS.withdraw, body, 'reused-withdraw-key'));
    expect(expectOk(await t.call<WithdrawalRecord>(user, WALLET_PATHS.withdraw, body, 'reused-withdraw-key')).id).toBe(first.id);
    expectRefusal(await t.call(user, WALLET_PATHS.withdraw, { ...body, quantity: '60' }, 'reused-withdraw-key'), 400, EN.idempotencyKeyReused);
    expect(await t.db.query('select id from withdrawal where user_id = $1', [user.id])).toHaveLength(1);
    expect(await t.balance(user, 'USDT')).toEqual({ available: '79', frozen: '21' });
    await expectLedgerConsistent(t.db);
  });
});
