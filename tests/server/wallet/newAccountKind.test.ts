import { beforeAll, describe, expect, it } from 'vitest';
import { WALLET_PATHS, type TransferRecord, type WalletOverview } from '../../../domain/wallet.js';
import { splitStatements } from '../../../server/kernel/platform/db/migrate.js';
import { accountRules } from '../../../server/kernel/platform/ledger/accountRules.js';
import { PRODUCTS } from '../../../server/products/index.js';
import { DUMMY_MIGRATION, productFiles } from '../../../scripts/scaffold/scaffold.js';
import { expectOk, expectRefusal } from '../http.js';
import { useWallet } from './harness.js';

/**
 * Issue 54 §2: a product's wallet account needs only what is in its own folder — its migration
 * (a wallet_account_kind row) and its declaration (`walletAccounts`) — and the wallet moves funds
 * into and out of it and values it, as it does the five accounts of spec §3. The product is the
 * scaffold's dummy "x" (scripts/scaffold/scaffold.ts); its kind is not in WalletAccount's type here.
 */
const X = 'x' as never;
const t = useWallet({ accounts: accountRules([], undefined, [...PRODUCTS.map((p) => p.walletAccounts), [{ kind: X, place: 25 }]]) });

beforeAll(async () => {
  const migration = productFiles('x').find((f) => f.path.endsWith(`${DUMMY_MIGRATION}_x.sql`))!;
  for (const statement of splitStatements(migration.content)) await t.db.query(statement);
});

let keys = 0;
const transfer = (user: Parameters<typeof t.call>[0], body: Record<string, unknown>) => t.call<TransferRecord>(user, WALLET_PATHS.transfer, { currency: 'USDT', quantity: '1', ...body }, `new-kind-${++keys}`);

describe("a product's own wallet account", () => {
  it('takes transfers in and out, and the overview lists and values it after the others', async () => {
    const user = await t.newUser();
    await t.fund(user, 'USDT', '100');
    expectOk(await transfer(user, { from: 'spot', to: 'x', quantity: '10' }));
    expectOk(await transfer(user, { from: 'x', to: 'spot', quantity: '4' }));
    expect(await t.balance(user, 'USDT', X)).toEqual({ available: '6', frozen: '0' });
    const overview = expectOk(await t.call<WalletOverview>(user, WALLET_PATHS.overview, {}));
    expect(overview.accounts.map((a) => a.account)).toEqual(['spot', 'contract', 'sec_contract', 'legal', 'ico', 'x']);
    expect(overview.accounts.at(-1)!.valuation_usdt).toBe('6');
  });

  it('an account no product declares is refused with a translated 400, and nothing moves', async () => {
    const user = await t.newUser();
    await t.fund(user, 'USDT', '10');
    expectRefusal(await transfer(user, { from: 'spot', to: 'y' }), 400);
    expect(await t.balance(user, 'USDT', 'spot')).toEqual({ available: '10', frozen: '0' });
  });
});
