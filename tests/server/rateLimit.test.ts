import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { accounts } from '../../server/products/accounts/accounts.js';
import type { Database } from '../../server/kernel/platform/db/database.js';
import { buildApp } from './buildApp.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { databaseFiatRates } from '../../server/products/markets/fiatRates.js';
import { expectRefusal, post } from './http.js';
import { openTestDatabase } from './testDb.js';

let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  db = await openTestDatabase();
  app = await buildApp({
    db,
    rates: databaseFiatRates(db),
    accounts: accounts({ db, delivery: { deliver: async () => undefined }, invitationCode: 'OPENEX', phoneRegisterEnabled: async () => true }),
    accountRateLimits: { login: 3, sendCode: 2 },
  });
});
afterAll(async () => {
  await app.close();
  await db.close();
});

describe('per-IP limits on login and code requests', () => {
  it('answers a translated 429 body code once an address exceeds its login attempts, across accounts', async () => {
    for (let i = 0; i < 3; i++) expectRefusal(await post(app, '/api/login', { account: `u${i}@example.org`, password: 'Wrong2026' }), 400);
    expectRefusal(await post(app, '/api/login', { account: 'other@example.org', password: 'Wrong2026' }, { lang: 'ja_JP' }), 429, new RegExp(MESSAGES.ja_JP.tooManyRequestsRetry.replace('{seconds}', '\\d+')));
  });

  it('limits code requests per address too', async () => {
    expect((await post(app, '/api/send_code', { account: 'a@example.org', purpose: 'register' })).body.code).toBe(200);
    expect((await post(app, '/api/send_code', { account: 'b@example.org', purpose: 'register' })).body.code).toBe(200);
    expectRefusal(await post(app, '/api/send_code', { account: 'c@example.org', purpose: 'register' }), 429, new RegExp(MESSAGES.en_US.tooManyRequestsRetry.replace('{seconds}', '\\d+')));
  });
});
