import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPOT_PATHS, type SpotOrder } from '../../../domain/spotOrders.js';
import { STATEMENT_PATHS, type Statement } from '../../../domain/statements.js';
import type { RunningServer } from '../../../server/start.js';
import { postEnvelope } from '../http.js';
import { startQuietServer } from '../quietServer.js';
import { createTestUser } from '../support/users.js';

/**
 * Statements over the whole server (no market makers): two traders trade on BTC/USDT, then each
 * downloads their fills, their ledger and their futures orders, and every line is checked against
 * what the database holds. The window, the refusals and the spreadsheet's formula guard too.
 */
let server: RunningServer;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ server, stop } = await startQuietServer('statements'));
}, 240_000);
afterAll(async () => stop?.());

const DAY = 86_400_000;
const post = <T>(who: { token: string } | undefined, path: string, body: object, lang = 'en_US') => postEnvelope<T>(server.url, path, body, who?.token, lang);
const user = (funded: Record<string, string>) => createTestUser(server.db, { tag: 'statement', verified: true, funded });
async function limit(who: { token: string }, side: 'buy' | 'sell', price: string, quantity: string) {
  const placed = await post<SpotOrder>(who, SPOT_PATHS.place, { symbol: 'BTC_USDT', side, type: 'limit', price, quantity });
  expect(placed.code, placed.msg).toBe(200);
  return placed.data;
}
async function statement(who: { token: string }, path: string, days: number) {
  const answer = await post<Statement>(who, path, { days });
  expect(answer.code, answer.msg).toBe(200);
  const [header, ...lines] = answer.data.csv.split('\r\n').slice(0, -1);
  expect(answer.data.csv.endsWith('\r\n')).toBe(true);
  expect(answer.data.rows).toBe(lines.length);
  const names = header!.split(',');
  // No field here holds a comma or a quote but the notes, which the formula test reads raw.
  return { file: answer.data, rows: lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [names[i], v]))) };
}

describe('Statements', () => {
  let seller: Awaited<ReturnType<typeof user>>;
  let buyer: Awaited<ReturnType<typeof user>>;
  let ask: SpotOrder;
  let bid: SpotOrder;
  beforeAll(async () => {
    seller = await user({ BTC: '1' });
    buyer = await user({ USDT: '10000' });
    ask = await limit(seller, 'sell', '30000', '0.01');
    bid = await limit(buyer, 'buy', '30000', '0.004');
    await limit(buyer, 'buy', '30000', '0.006');
  });

  it('lists each fill once for each side, oldest first, with its fee as the order page shows it', async () => {
    const { file, rows } = await statement(seller, STATEMENT_PATHS.spotFills, 7);
    expect(file.filename).toMatch(/^openex-spot-fills-\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d\.csv$/);
    expect(file.csv.split('\r\n')[0]).toBe('time_utc,pair,side,role,price,quantity,quote_amount,fee,fee_currency,order_id,trade_id');
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => [r.pair, r.side, r.role, r.price, r.quantity, r.quote_amount, r.fee_currency, r.order_id])).toEqual([
      ['BTC_USDT', 'sell', 'maker', '30000', '0.004', '120', 'USDT', String(ask.id)],
      ['BTC_USDT', 'sell', 'maker', '30000', '0.006', '180', 'USDT', String(ask.id)],
    ]);
    const fees = await server.db.query<{ fee: string; id: string }>(`select trim_scale(maker_fee)::text as fee, id from spot_trade where maker_order_id = $1 order by id`, [ask.id]);
    expect(rows.map((r) => [r.fee, r.trade_id])).toEqual(fees.map((f) => [f.fee, String(f.id)]));
    expect(Date.parse(rows[0]!.time_utc!)).toBeGreaterThan(Date.now() - 60_000);

    const bought = await statement(buyer, STATEMENT_PATHS.spotFills, 7);
    expect(bought.rows.map((r) => [r.side, r.role, r.quantity, r.fee_currency])).toEqual([
      ['buy', 'taker', '0.004', 'BTC'],
      ['buy', 'taker', '0.006', 'BTC'],
    ]);
    expect(bought.rows[0]!.order_id).toBe(String(bid.id));
  });

  it('keeps to the period: a fill of eight days ago is in the 30 days, not the 7', async () => {
    const trader = await user({ BTC: '1' });
    const taker = await user({ USDT: '1000' });
    const old = await limit(trader, 'sell', '30000', '0.001');
    await limit(taker, 'buy', '30000', '0.001');
    const fresh = await limit(trader, 'sell', '30000', '0.002');
    await limit(taker, 'buy', '30000', '0.002');
    await server.db.query(`update spot_trade set created_ms = created_ms - $2 where maker_order_id = $1`, [old.id, 8 * DAY]);
    await server.db.query(`update spot_order set updated_ms = updated_ms - $2, created_ms = created_ms - $2 where id = $1`, [old.id, 8 * DAY]);
    expect((await statement(trader, STATEMENT_PATHS.spotFills, 7)).rows.map((r) => r.order_id)).toEqual([String(fresh.id)]);
    expect((await statement(trader, STATEMENT_PATHS.spotFills, 30)).rows.map((r) => r.order_id)).toEqual([String(old.id), String(fresh.id)]);
  });

  it('follows every balance through the ledger: each line is the one before plus its change, the last what the wallet holds', async () => {
    const { file, rows } = await statement(buyer, STATEMENT_PATHS.ledger, 7);
    expect(file.csv.split('\r\n')[0]).toBe('time_utc,account,currency,kind,change,balance_after,frozen_change,frozen_after,ref_type,ref_id,note,entry_id');
    expect(rows[0]).toMatchObject({ account: 'spot', currency: 'USDT', kind: 'deposit', change: '10000', balance_after: '10000' });
    const entries = await server.db.query<{ n: number }>(`select count(*)::int as n from ledger_entry where user_id = $1`, [buyer.id]);
    expect(rows).toHaveLength(entries[0]!.n);
    const last = new Map<string, number>();
    for (const r of rows) {
      const key = `${r.account}/${r.currency}`;
      // A negative change is written as a number, not guarded as a formula.
      expect(r.change).toMatch(/^-?\d+(\.\d+)?$/);
      expect(Number(r.balance_after)).toBeCloseTo((last.get(key) ?? 0) + Number(r.change), 10);
      last.set(key, Number(r.balance_after));
    }
    const balances = await server.db.query<{ currency: string; available: string }>(`select currency, available::text from balance where user_id = $1 and account = 'spot'`, [buyer.id]);
    for (const b of balances) expect(last.get(`spot/${b.currency}`) ?? 0).toBeCloseTo(Number(b.available), 10);
    expect(rows.some((r) => r.change!.startsWith('-'))).toBe(true);
  });

  it('lists the futures orders that traded and finished, with their fees and realised profit', async () => {
    const trader = await user({});
    const now = Date.now();
    const insert = (status: number, filled: string, updated: number) =>
      server.db.query<{ id: string }>(
        `insert into futures_order (user_id, left_symbol, right_symbol, action, type, price, quantity, filled, filled_value, leverage, margin_mode, fee, profit, status, hold_rate, created_ms, updated_ms)
         values ($1, 'BTC', 'USDT', 'close_long', 'limit', 31000, 0.01, $2, $2::numeric * 31000, 20, 'cross', 0.155, 12.5, $3, 0.0005, $4, $4) returning id`,
        [trader.id, filled, status, updated],
      );
    const [closed] = await insert(3, '0.01', now - 1000);
    await insert(5, '0', now - 900); // cancelled with nothing filled: moved nothing
    await insert(2, '0.005', now - 800); // still open
    const [partial] = await insert(5, '0.004', now - 700); // cancelled after a part filled
    const { file, rows } = await statement(trader, STATEMENT_PATHS.futuresOrders, 7);
    expect(file.filename).toMatch(/^openex-futures-orders-/);
    expect(rows.map((r) => [r.order_id, r.contract, r.action, r.average_price, r.filled, r.fee, r.realised_profit, r.status])).toEqual([
      [String(closed!.id), 'BTC_USDT', 'close_long', '31000', '0.01', '0.155', '12.5', 'filled'],
      [String(partial!.id), 'BTC_USDT', 'close_long', '31000', '0.004', '0.155', '12.5', 'cancelled'],
    ]);
  });

  it('guards a typed note from spreadsheets and quotes it when it holds a comma', async () => {
    const trader = await user({ USDT: '5' });
    // An executed correction's reason is what an operator typed; the user reads it beside the entry.
    const [correction] = await server.db.query<{ id: string }>(
      `insert into balance_correction (user_id, currency, account, direction, quantity, reason, state, proposed_by, proposed_ms, expires_ms, decided_by, decided_ms)
       values ($1, 'USDT', 'spot', 'credit', 1, '=HYPERLINK("x"), then', 'executed', 1, 0, 0, 2, 0) returning id`,
      [trader.id],
    );
    await server.db.query(
      `insert into ledger_entry (user_id, currency, account, kind, available_change, frozen_change, available_after, frozen_after, ref_type, ref_id) values ($1, 'USDT', 'spot', 'correction', 1, 0, 6, 0, 'correction', $2)`,
      [trader.id, correction!.id],
    );
    const answer = await post<Statement>(trader, STATEMENT_PATHS.ledger, { days: 7 });
    expect(answer.data.csv).toContain(`,"'=HYPERLINK(""x""), then",`);
  });

  it('refuses what it cannot answer, translated, and keeps to the token\'s own rows', async () => {
    const stranger = await user({});
    expect((await statement(stranger, STATEMENT_PATHS.spotFills, 365)).rows).toEqual([]);
    const odd = await post(stranger, STATEMENT_PATHS.spotFills, { days: 5 }, 'de_DE');
    expect(odd.code).toBe(400);
    expect(odd.msg).not.toBe('');
    expect((await post(stranger, STATEMENT_PATHS.ledger, { days: 7, user_id: seller.id })).code).toBe(400);
    for (const path of Object.values(STATEMENT_PATHS)) expect((await post(undefined, path, { days: 7 })).code).toBe(403);
  });
});
