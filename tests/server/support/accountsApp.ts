import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { accounts } from '../../../server/products/accounts/accounts.js';
import type { CodeMessage } from '../../../server/products/accounts/delivery.js';
import { databaseFiatRates } from '../../../server/products/markets/fiatRates.js';
import { buildApp } from '../buildApp.js';
import { openTestDatabase } from '../testDb.js';

/**
 * A database of its own and the app with sign-up and sign-in (invitation code OPENEX, phone sign-up
 * on), the codes it sends pushed onto `outbox`. Close the app, then the database.
 */
export async function openAccountsApp(outbox: CodeMessage[]): Promise<{ db: Database; app: FastifyInstance }> {
  const db = await openTestDatabase();
  const app = await buildApp({
    db,
    rates: databaseFiatRates(db),
    accounts: accounts({ db, delivery: { deliver: async (m) => void outbox.push(m) }, invitationCode: 'OPENEX', phoneRegisterEnabled: async () => true }),
  });
  return { db, app };
}
