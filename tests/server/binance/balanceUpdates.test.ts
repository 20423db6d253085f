import { afterEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../../domain/walletAccounts.js';
import { WALLET_PATHS, type DepositRecord, type WithdrawalRecord } from '../../../domain/wallet.js';
import { hashPassword } from '../../../server/kernel/platform/auth/passwords.js';
import { createTestUser } from '../support/users.js';
import { useBinanceServer } from './harness.js';
import { streamClient, type StreamClient } from './wsClient.js';

/**
 * Binance's `balanceUpdate` on the user data stream: one per movement of the user's spot balance
 * that is not trading (a deposit credited, a transfer between the user's accounts, a withdrawal's
 * debit and its refund when cancelled), with its signed delta and ledger time, read from the ledger
 * entries committed since the last one told; a trade tells none (executionReport and
 * outboundAccountPosition do). Blocks every 100 ms: a deposit's confirmations come at once.
 */
const t = useBinanceServer('balanceupdate', { chainBlockMs: 100 });
const clients: StreamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});

const FUNDS_PASSWORD = 'Funds-pass-1';
let keys = 0;
const wallet = async <T>(token: string, path: string, body: object) => {
  const response = await fetch(`${t.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, [IDEMPOTENCY_HEADER]: `balance-update-${++keys}-${Date.now()}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 200) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
};
const isUpdate = (m: { e?: string }) => m.e === 'balanceUpdate';
/** The ledger time of the user's entries of one reference, as the stream's `T` tells it. */
const ledgerTime = async (userId: number, refType: string, refId: number) => {
  const rows = await t.server.db.query<{ at: string }>(
    `select distinct floor(extract(epoch from created_at) * 1000)::bigint::text as at from ledger_entry where user_id = $1 and ref_type = $2 and ref_id = $3 and account = 'spot'`,
    [userId, refType, refId],
  );
  expect(rows).toHaveLength(1);
  return Number(rows[0]!.at);
};

describe('Binance user data stream: balanceUpdate', () => {
  it('a deposit, transfers both ways and a cancelled withdrawal each tell their signed delta; a trade tells none', async () => {
    const { id, token } = await createTestUser(t.server.db, { tag: 'balanceupdate', email: true, verified: true, funded: [['BTC', '1']], fundsPasswordHash: await hashPassword(FUNDS_PASSWORD) });
    const key = await t.apiKey(token);
    const buyer = await t.trader([['USDT', '100000']]);
    const { listenKey } = (await (await fetch(`${t.server.url}/api/v3/userDataStream`, { method: 'POST', headers: { 'x-mbx-apikey': key.api_key } })).json()) as { listenKey: string };
    const client = await streamClient(t.server.url, `/ws/${listenKey}`);
    clients.push(client);

    // A deposit credited: its quantity, at its ledger entry's time, before the balances it changed.
    const { address } = await wallet<{ address: string }>(token, WALLET_PATHS.depositAddress, { currency: 'USDT', network: 'TRC20' });
    const deposit = await wallet<DepositRecord>(token, WALLET_PATHS.simulateDeposit, { address, currency: 'USDT', network: 'TRC20', quantity: '250.5' });
    const credited = await client.next(isUpdate, 15_000);
    expect(credited).toEqual({ e: 'balanceUpdate', E: expect.any(Number), a: 'USDT', d: '250.5', T: await ledgerTime(id, 'deposit', deposit.id) });
    const position = await client.next((m) => m.e === 'outboundAccountPosition');
    expect(position.B).toEqual([{ a: 'USDT', f: '250.5', l: '0' }]);
    expect(client.messages.indexOf(credited)).toBeLessThan(client.messages.indexOf(position));

    // Transfers: out of spot to the futures account, and back.
    const out = await wallet<{ id: number }>(token, WALLET_PATHS.transfer, { currency: 'USDT', from: 'spot', to: 'contract', quantity: '100' });
    expect(await client.next(isUpdate)).toEqual({ e: 'balanceUpdate', E: expect.any(Number), a: 'USDT', d: '-100', T: await ledgerTime(id, 'transfer', out.id) });
    await wallet(token, WALLET_PATHS.transfer, { currency: 'USDT', from: 'contract', to: 'spot', quantity: '40.25' });
    expect(await client.next(isUpdate)).toMatchObject({ a: 'USDT', d: '40.25' });

    // A withdrawal takes its quantity and fee (1 USDT on TRC20) from spot; cancelled, they come back.
    const withdrawal = await wallet<WithdrawalRecord>(token, WALLET_PATHS.withdraw, { currency: 'USDT', network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', quantity: '20', funds_password: FUNDS_PASSWORD });
    expect(await client.next(isUpdate)).toMatchObject({ a: 'USDT', d: '-21' });
    await wallet(token, WALLET_PATHS.cancelWithdrawal, { id: withdrawal.id });
    expect(await client.next(isUpdate)).toMatchObject({ a: 'USDT', d: '21' });

    // A trade: its freeze, fill and proceeds are told by executionReport and outboundAccountPosition only.
    const sell = await t.signed(key, 'POST', '/api/v3/order', { symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', price: '30000', quantity: '0.1' });
    expect(sell.status).toBe(200);
    await t.signed(buyer.key, 'POST', '/api/v3/order', { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '30000', quantity: '0.1' });
    await client.next((m) => m.e === 'executionReport' && m.x === 'TRADE');
    await client.next((m) => m.e === 'outboundAccountPosition' && m.B.some((b: { a: string }) => b.a === 'USDT'));
    // Then one more movement of the currency the trade paid in: told alone, the trade's entries before it not.
    await wallet(token, WALLET_PATHS.transfer, { currency: 'USDT', from: 'spot', to: 'contract', quantity: '10' });
    expect(await client.next(isUpdate)).toMatchObject({ a: 'USDT', d: '-10' });
    await new Promise((resolve) => setTimeout(resolve, 300));

    // Each movement told once, in order, and nothing else.
    expect(client.messages.filter(isUpdate).map((m) => [m.a, m.d])).toEqual([
      ['USDT', '250.5'],
      ['USDT', '-100'],
      ['USDT', '40.25'],
      ['USDT', '-21'],
      ['USDT', '21'],
      ['USDT', '-10'],
    ]);
  }, 60_000);
});
