import { describe, expect, it } from 'vitest';
import type { WithdrawalAddress } from '../../domain/userCentre.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { ADDRESS, useTwoFactorWorld, type Trader } from './support/twoFactorHarness.js';
import type { Answer } from './http.js';
import { usingPostgres } from './testDb.js';

/**
 * The address book refused a second copy of an address with a check in the insert
 * (`where not exists`): two saves at the same moment both passed it on PostgreSQL and both
 * landed. The database holds the rule now (migration 067's unique index on user, currency,
 * network and address): the insert that loses answers addressAlreadySaved, and one row stays.
 */
const w = useTwoFactorWorld();
const { t } = w;

const rows = async (who: Trader) => (await t.db.query('select 1 from withdrawal_address where user_id = $1', [who.id])).length;
const save = (who: Trader, note: string, lang = 'en_US') =>
  w.call<WithdrawalAddress>(who, '/api/user/address_add', { currency: 'USDT', network: 'TRC20', address: ADDRESS, note }, { lang });

/**
 * Both saves started, held on PostgreSQL where the race was: the test locks the owner's row, which
 * each insert's foreign key check waits for once its row is written (past the old `not exists`
 * check), and lets go when both wait. On PGlite, one connection, they run one after the other.
 */
async function together(who: Trader, saves: () => Array<Promise<Answer<WithdrawalAddress>>>): Promise<Array<Answer<WithdrawalAddress>>> {
  if (!usingPostgres()) return Promise.all(saves());
  let started: Array<Promise<Answer<WithdrawalAddress>>> = [];
  await t.db.transaction(async (tx) => {
    await tx.query('select 1 from app_user where id = $1 for update', [who.id]);
    started = saves();
    for (let tries = 0; ; tries++) {
      const [waiting] = await t.db.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%insert into withdrawal_address%'`,
      );
      if (waiting!.n >= 2) break;
      if (tries > 500) throw new Error(`the two saves did not both reach the insert (${waiting!.n} waiting)`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return Promise.all(started);
}

describe('saving one withdrawal address twice at once', () => {
  it('keeps one row: one save answers the address, the other addressAlreadySaved, translated', async () => {
    const who = await w.trader();
    const answers = await together(who, () => [save(who, 'first note'), save(who, 'second note', 'de_DE')]);
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual([200, 400]);
    const refused = answers.find((a) => a.body.code === 400)!;
    const lang = refused === answers[0] ? 'en_US' : 'de_DE';
    expect(refused.body).toEqual({ code: 400, msg: MESSAGES[lang].addressAlreadySaved, data: null });
    expect(await rows(who)).toBe(1);
    // Told once: the notice goes with the row that was saved.
    expect(await w.notices(who, 'withdrawal_address_added')).toHaveLength(1);
  });

  it('is refused by the database itself, whoever writes the row', async () => {
    const who = await w.trader();
    expect((await save(who, 'cold wallet')).body.code).toBe(200);
    await expect(t.db.query(`insert into withdrawal_address (user_id, currency, network, address, note) values ($1, 'USDT', 'TRC20', $2, 'copy')`, [who.id, ADDRESS])).rejects.toThrow(
      /withdrawal_address_once|duplicate key/,
    );
    // Another network, currency or user is another address.
    await t.db.query(`insert into withdrawal_address (user_id, currency, network, address, note) values ($1, 'USDC', 'TRC20', $2, 'other currency')`, [who.id, ADDRESS]);
    expect(await rows(who)).toBe(2);
  });
});
