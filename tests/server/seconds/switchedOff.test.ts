import { describe, expect, it } from 'vitest';
import { SECONDS_PATHS } from '../../../domain/seconds.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { post } from '../http.js';
import { useSeconds } from './harness.js';

const t = useSeconds({ enabled: false });

describe('seconds contracts switched off (SECONDS_CONTRACTS=off)', () => {
  it('refuses every call, in the caller language, and changes nothing', async () => {
    const user = await t.user('1000');
    const a = t.second() + 10;
    t.trades.priceOf('BTC_USDT', a, '100');
    t.at(a, 100);
    const calls: Array<[string, object, Record<string, string>]> = [
      [SECONDS_PATHS.config, { symbol: 'btc_usdt' }, {}],
      [SECONDS_PATHS.buy, { symbol: 'btc_usdt', direction: 'up', period: 30, quantity: '10' }, user.headers],
      [SECONDS_PATHS.acknowledge, {}, user.headers],
      [SECONDS_PATHS.account, {}, user.headers],
      [SECONDS_PATHS.current, { page: 1 }, user.headers],
      [SECONDS_PATHS.history, { days: 7, page: 1 }, user.headers],
    ];
    for (const [path, body, headers] of calls) {
      const answer = await post(t.app, path, body, { ...headers, lang: 'de_DE' });
      expect(answer.body).toEqual({ code: 404, msg: MESSAGES.de_DE.secondsDisabled, data: null });
    }
    // Bad input is still a 400 first.
    expect((await post(t.app, SECONDS_PATHS.buy, { symbol: 'btc_usdt', direction: 'x', period: 30, quantity: '10' }, user.headers)).body.code).toBe(400);
    expect(await t.db.query(`select * from seconds_contract`)).toEqual([]);
    expect(await t.balance(user)).toEqual({ available: '1000', frozen: '0' });
    await t.expectAuditClean();
  });
});
