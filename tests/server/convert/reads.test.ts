import { beforeAll, describe, expect, it } from 'vitest';
import { createConvert } from '../../../server/products/convert/product.js';
import { createTestUser } from '../support/users.js';
import { useTestDatabase } from '../testDb.js';

/**
 * Convert's reads of one conversion and of a window of them (convert.ts `conversion`,
 * `conversionsBetween`: what the Binance dialect's orderStatus and tradeFlow answer), over rows as
 * the service writes them: a quote, and once accepted its order, status and figures.
 */
const t = useTestDatabase();
const service = () => createConvert({ db: t.db, offers: undefined }).service;

interface Row {
  user: number;
  accepted?: { at: number; status: 'converted' | 'moved'; order: number };
}
async function quoteRow({ user, accepted }: Row): Promise<number> {
  const [row] = await t.db.query<{ id: string }>(
    `insert into convert_quote (user_id, from_currency, to_currency, left_symbol, right_symbol, side, price, quantity, created_ms, expires_ms,
       order_id, status, paid, received, fee, accepted_ms)
     values ($1, 'USDT', 'BTC', 'BTC', 'USDT', 'buy', 30000, 0.01, $2, $9, $3, $4, $5, $6, $7, $8) returning id`,
    [
      user,
      (accepted?.at ?? 1_000) - 100,
      accepted?.order ?? null,
      accepted?.status ?? null,
      accepted ? (accepted.status === 'converted' ? '300' : '0') : null,
      accepted ? (accepted.status === 'converted' ? '0.00999' : '0') : null,
      accepted ? (accepted.status === 'converted' ? '0.00001' : '0') : null,
      accepted?.at ?? null,
      (accepted?.at ?? 1_000) + 9_900,
    ],
  );
  return Number(row!.id);
}

describe('Convert reads', () => {
  let mine: number;
  let theirs: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    mine = (await createTestUser(t.db, { tag: 'convert-reads' })).id;
    theirs = (await createTestUser(t.db, { tag: 'convert-reads' })).id;
    ids.early = await quoteRow({ user: mine, accepted: { at: 10_000, status: 'converted', order: 501 } });
    ids.moved = await quoteRow({ user: mine, accepted: { at: 20_000, status: 'moved', order: 502 } });
    ids.late = await quoteRow({ user: mine, accepted: { at: 30_000, status: 'converted', order: 503 } });
    ids.open = await quoteRow({ user: mine });
    ids.theirs = await quoteRow({ user: theirs, accepted: { at: 20_000, status: 'converted', order: 504 } });
  });

  it('reads one of the user’s accepted conversions by its quote id; none for a quote not accepted or another’s', async () => {
    expect(await service().conversion(mine, ids.early!)).toEqual({
      quote_id: ids.early,
      from: 'USDT',
      to: 'BTC',
      status: 'converted',
      paid: '300',
      received: '0.00999',
      fee: '0.00001',
      order_id: 501,
      created_at: 10_000,
    });
    expect(await service().conversion(mine, ids.moved!)).toMatchObject({ status: 'moved', paid: '0', received: '0', order_id: 502 });
    expect(await service().conversion(mine, ids.open!)).toBeUndefined();
    expect(await service().conversion(mine, ids.theirs!)).toBeUndefined();
    expect(await service().conversion(theirs, ids.early!)).toBeUndefined();
    expect(await service().conversion(mine, 9_000_000_000)).toBeUndefined();
  });

  it('lists the user’s conversions accepted in a window (both ends in), newest first, with more past the limit', async () => {
    const quoteIds = async (from: number, to: number, limit: number) => {
      const { list, more } = await service().conversionsBetween(mine, { from, to, limit });
      return { ids: list.map((r) => r.quote_id), more };
    };
    expect(await quoteIds(0, 100_000, 100)).toEqual({ ids: [ids.late, ids.moved, ids.early], more: false });
    expect(await quoteIds(10_000, 30_000, 3)).toEqual({ ids: [ids.late, ids.moved, ids.early], more: false });
    expect(await quoteIds(10_000, 30_000, 2)).toEqual({ ids: [ids.late, ids.moved], more: true });
    expect(await quoteIds(10_001, 29_999, 100)).toEqual({ ids: [ids.moved], more: false });
    expect(await quoteIds(40_000, 50_000, 100)).toEqual({ ids: [], more: false });
    expect((await service().conversionsBetween(theirs, { from: 0, to: 100_000, limit: 100 })).list.map((r) => r.quote_id)).toEqual([ids.theirs]);
  });
});
