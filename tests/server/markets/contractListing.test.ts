import { describe, expect, it } from 'vitest';
import { FUTURES_PATHS } from '../../../domain/futures/api.js';
import { MARKET_OPERATOR_PATHS, type ContractListing } from '../../../domain/marketsDesk.js';
import { auditBooks } from '../../../server/products/audit.js';
import { useBinanceServer } from '../binance/harness.js';
import { auditOutcomes, OPERATOR_SECRET, operatorCode, refusals } from '../support/operators.js';
import { signInOperator } from '../support/productTestbed.js';
import { recordSocket } from '../socketRecorder.js';
import { listedBy } from '../../../server/kernel/platform/pairListing.js';
import { postEnvelope, until } from '../http.js';

/**
 * Issue 52 §1 on the whole server (embedded mode): a risk operator lists a perpetual contract on
 * ADA_USDT — a spot pair without one — with their 2FA code, a highest leverage of 5 and the
 * reference price its index starts from (its spot market has not traded). It opens in the running
 * futures product, with no restart: a long and a short trade on it, at most at 5×, and its market
 * data (trades, book, mark) is served. Bad input, a wrong role and a missing code are refused,
 * translated, and change nothing; every attempt is audited.
 */
const t = useBinanceServer('contract-listing');
const listing: ContractListing = { symbol: 'ADA_USDT', max_leverage: 5, makers: false, reference_price: '0.5' };

const call = <T = unknown>(path: string, body: object, token: string, lang = 'en_US') => postEnvelope<T>(t.server.url, path, body, token, lang);

const untilSeen = (check: () => Promise<boolean>) => until(check, 8000);

const binance = async <T>(path: string) => (await (await fetch(`${t.server.url}${path}`)).json()) as T;

describe('listing a perpetual contract at runtime', () => {
  it('refuses bad listings, lists with the 2FA code, and the contract trades at once without a restart', async () => {
    const { db } = t.server;
    const risk = await signInOperator(db, 'contract-risk@openex.test');
    const [me] = await db.query<{ id: number }>(`select id from app_user where account = 'contract-risk@openex.test'`);
    // Each attempt that reaches the pair row uses a code up: a fresh one each time (the step used is forgotten).
    const code = async () => {
      await db.query('update user_two_factor set last_step = 0 where user_id = $1', [me!.id]);
      return operatorCode(OPERATOR_SECRET);
    };
    const list = (body: object, lang?: string) => call(MARKET_OPERATOR_PATHS.contractList, { ...listing, ...body }, risk, lang);

    // Without 2FA on the operator's account: refused.
    expect(await list({ totp_code: '123456' })).toMatchObject({ code: 400, msg: expect.stringContaining('two-factor') });
    await db.query(`insert into user_two_factor (user_id, secret, enabled, enabled_at) values ($1, $2, true, now())`, [me!.id, OPERATOR_SECRET]);

    // What the schema refuses: no leverage, above 125, an unknown field.
    for (const body of [{ max_leverage: 0 }, { max_leverage: 126 }, { extra: 1 }]) expect((await list(body)).code).toBe(400);
    expect((await list({ reference_price: '0' })).msg).toBe("The reference price must be above zero, with no more places than the pair's price precision");
    // The code: missing, then wrong.
    expect((await list({})).code).toBe(400);
    expect((await list({ totp_code: '000000' })).code).toBe(400);
    // Another role than risk: forbidden.
    const finance = await signInOperator(db, 'contract-finance@openex.test');
    await db.query(`update operator_account set roles = '{finance}' where user_id = (select id from app_user where account = 'contract-finance@openex.test')`);
    expect((await call(MARKET_OPERATOR_PATHS.contractList, { ...listing, totp_code: operatorCode(OPERATOR_SECRET) }, finance)).code).toBe(403);

    // What only the pair row can say, translated.
    expect((await list({ symbol: 'NOPE_USDT', totp_code: await code() })).msg).toBe('Only a trading spot pair, not being delisted, can get a contract');
    expect((await list({ symbol: 'ETH_BTC', totp_code: await code() }, 'de_DE')).msg).toBe('Ein Perpetual-Kontrakt wird in USDT besichert: Das Paar muss in USDT notiert sein');
    expect((await list({ symbol: 'BTC_USDT', totp_code: await code() })).msg).toBe('This pair has a perpetual contract already');
    const { reference_price: _, ...unpriced } = listing;
    expect((await call(MARKET_OPERATOR_PATHS.contractList, { ...unpriced, totp_code: await code() }, risk)).msg).toBe("This pair has not traded yet: give a reference price for the contract's index");
    expect((await list({ reference_price: '0.12345', totp_code: await code() })).code).toBe(400);
    expect(await db.query(`select 1 from pair where left_symbol = 'ADA' and right_symbol = 'USDT' and ${listedBy('futures')}`)).toEqual([]);

    const listed = await list({ symbol: 'ada_usdt', totp_code: await code() });
    expect(listed).toMatchObject({ code: 200, msg: 'Contract listed: it trades now', data: { symbol: 'ADA_USDT' } });

    // It trades now, in this process, without a restart: a long against a short, at most at 5×.
    const long = await t.trader([['USDT', '1000', 'contract']]);
    const short = await t.trader([['USDT', '1000', 'contract']]);
    const order = (action: string, token: string) => call(FUTURES_PATHS.order, { symbol: 'ADA_USDT', action, type: 'limit', price: '0.5', quantity: '20' }, token);
    const leverage = (value: number, token: string) => call(FUTURES_PATHS.leverage, { symbol: 'ADA_USDT', leverage: value, margin_mode: 'cross' }, token);
    await untilSeen(async () => (await leverage(5, long.token)).code === 200);
    expect((await leverage(10, short.token)).code).toBe(400);
    expect((await leverage(5, short.token)).code).toBe(200);
    expect((await order('open_long', long.token)).code).toBe(200);
    expect((await order('open_short', short.token)).code).toBe(200);
    const positions = await call<Array<{ symbol: string; side: number; quantity: string }>>(FUTURES_PATHS.positions, {}, long.token);
    expect(positions.data.find((p) => p.symbol === 'ADA_USDT')).toMatchObject({ quantity: '20' });

    // Its market data is served like the seeded contracts' (the Binance dialect reads the channels' snapshots).
    const info = await binance<{ symbols: Array<{ symbol: string; status: string }> }>('/fapi/v1/exchangeInfo');
    expect(info.symbols.find((s) => s.symbol === 'ADAUSDT')).toMatchObject({ status: 'TRADING' });
    expect(await binance('/fapi/v1/trades?symbol=ADAUSDT')).toEqual([expect.objectContaining({ price: '0.5', qty: '20' })]);
    await untilSeen(async () => (await binance<{ markPrice?: string }>('/fapi/v1/premiumIndex?symbol=ADAUSDT')).markPrice !== undefined);
    expect(await binance('/fapi/v1/premiumIndex?symbol=ADAUSDT')).toMatchObject({ indexPrice: expect.stringMatching(/^0\.5/) });

    // A browser's socket may follow the new contract's channels (the registry hears the pair change).
    const socket = await recordSocket(t.server.url);
    try {
      await untilSeen(async () => (await socket.subscribe('ada_usdt_future_trade')).code === 200);
    } finally {
      socket.socket.close();
    }

    expect(await auditOutcomes(db, 'contract.list')).toEqual([
      ...refusals('marketTwoFactorRequired', 'contractListingReferencePrice', expect.any(String), expect.any(String)),
      ...refusals('contractListingNoPair', 'contractListingQuote', 'contractAlreadyListed', 'contractListingNoPrice', 'contractListingReferencePrice'),
      ['done', 'ADA_USDT'],
    ]);
    expect(await auditBooks(db)).toEqual([]);
  });
});
