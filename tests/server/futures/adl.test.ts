import { describe, expect, it, vi } from 'vitest';
import { setSecurityOutlet } from '../../../server/kernel/platform/auth/securityNotices.js';
import { changeBalance } from '../../../server/kernel/platform/ledger/ledger.js';
import { listNotifications } from '../../../server/kernel/platform/notifications/notify.js';
import { expectOk } from '../http.js';
import { useFutures } from './harness.js';

/**
 * Auto-deleveraging with the injectable price feed: a gap past a liquidated position's bankruptcy
 * price when the insurance fund cannot pay the deficit.
 */
const t = useFutures();
const BTC = 'BTC_USDT';

/** Leaves `keep` USDT in the insurance fund (the rest leaves the platform, as a withdrawal would). */
async function drainInsurance(keep: string) {
  const fund = await t.insurance();
  const out = (Number(fund.available) - Number(keep)).toFixed(8);
  await t.db.transaction((tx) =>
    changeBalance(tx, { userId: t.product.accounts.insurance, currency: 'USDT', account: 'contract', available: `-${out}`, frozen: '0', kind: 'withdraw_out', refType: 'test', refId: null }),
  );
}

async function noNegativeBalance() {
  const [r] = await t.db.query<{ n: number }>(`select count(*)::int as n from balance where available < 0 or frozen < 0`);
  expect(Number(r!.n)).toBe(0);
}

describe('auto-deleveraging', () => {
  it('a bankrupt long the fund cannot cover closes at its bankruptcy price against the most profitable, most leveraged shorts', async () => {
    await t.mark(BTC, '60000');
    const a = await t.user('100000');
    const b = await t.user('100000');
    const filler = await t.user('1000000');
    const trader = await t.user('3015');
    await t.leverage(a, 20, 'isolated');
    await t.leverage(b, 5, 'isolated');
    await t.leverage(trader, 10, 'isolated');
    await t.place(a.id, { symbol: BTC, action: 'open_short', type: 'limit', price: '60000', quantity: '0.3' });
    await t.place(b.id, { symbol: BTC, action: 'open_short', type: 'limit', price: '60000', quantity: '0.3' });
    // The trader takes A's 0.3 and 0.2 of B's; the filler the rest of B's.
    expectOk(await t.order(trader, { action: 'open_long', type: 'market', quantity: '0.5' }));
    await t.place(filler.id, { symbol: BTC, action: 'open_long', type: 'market', quantity: '0.1' });
    expect(await t.balance(trader)).toEqual({ available: '0', frozen: '0' });
    const aBefore = await t.balance(a);
    const bBefore = await t.balance(b);

    // A bid far below the bankruptcy price (54 000): closing there would leave 2000 unpaid.
    const bidder = await t.user('10000000');
    const bid = await t.place(bidder.id, { symbol: BTC, action: 'open_long', type: 'limit', price: '50000', quantity: '0.5' });
    await drainInsurance('100');
    const fundBefore = await t.insurance();
    const totalBefore = await t.contractTotal();
    const published = t.published.length;
    // Emails as the accounts product would send them: A reads Japanese, B has switched trading emails off.
    const mails: Array<{ userId: number; kind: string; lang: string }> = [];
    setSecurityOutlet({ mail: async (userId, notice, lang) => void mails.push({ userId, kind: notice.kind, lang }), push: () => undefined });
    await t.db.query(`update app_user set lang = 'ja_JP' where id = $1`, [a.id]);
    await t.db.query('update app_user set trading_emails = false where id = $1', [b.id]);

    await t.mark(BTC, '50000');

    // The trader is closed at 54 000 exactly: margin 3000 pays the 3000 loss; nothing from the fund.
    expect(t.position(trader).side).toBe(0);
    expect(await t.balance(trader)).toEqual({ available: '0', frozen: '0' });
    expect(await t.insurance()).toEqual(fundBefore);
    // A (20×, ROE 333 % at the mark) goes first and entirely; B (5×) gives the remaining 0.2.
    expect(t.position(a).side).toBe(0);
    expect(t.position(b)).toMatchObject({ side: -1, quantity: t.fx('0.1') });
    // Each closes at 54 000 with no fee: A gets margin 900 + 0.3 × 6000; B margin 2400 + 0.2 × 6000.
    expect(Number((await t.balance(a)).available) - Number(aBefore.available)).toBe(2700);
    expect(Number((await t.balance(b)).available) - Number(bBefore.available)).toBe(3600);
    const orders = await t.db.query<{ user_id: number; source: string; price: string; quantity: string; status: number; fee: string }>(
      `select user_id, source, trim_scale(price)::text as price, trim_scale(quantity)::text as quantity, status, trim_scale(fee)::text as fee
       from futures_order where source in ('liquidation', 'adl') and user_id in ($1, $2, $3) order by id`,
      [trader.id, a.id, b.id],
    );
    expect(orders.map((o) => ({ ...o, user_id: Number(o.user_id) }))).toEqual([
      { user_id: trader.id, source: 'liquidation', price: '54000', quantity: '0.5', status: 3, fee: '0' },
      { user_id: a.id, source: 'adl', price: '54000', quantity: '0.3', status: 3, fee: '0' },
      { user_id: b.id, source: 'adl', price: '54000', quantity: '0.2', status: 3, fee: '0' },
    ]);
    // The bid far below was never hit, and no market trade went out at the deleveraging price.
    expect(t.ex.orders.get(bid.order.id)?.filled).toBe(0n);
    expect(JSON.stringify(t.published.slice(published))).not.toContain('"price":"54000"');
    expect(await t.contractTotal()).toBe(totalBefore);
    await noNegativeBalance();
    // Each is told, in its language: the trader of the liquidation, A and B of what deleveraging took from them.
    const told = async (userId: number, lang: 'en_US' | 'de_DE' = 'en_US') => (await listNotifications(t.db, userId, lang, 1, 50)).list.filter((n) => n.kind === 'futures_liquidated' || n.kind === 'futures_adl').map((n) => n.body);
    expect(await told(trader.id)).toEqual(['Your BTC/USDT position reached a margin ratio of 100% and was liquidated: 0.5 of it was closed.']);
    expect(await told(a.id)).toEqual([
      'Auto-deleveraging closed 0.3 of your BTC/USDT position at 54,000: a liquidated position on the other side could not be closed in the order book, and yours was next in the queue.',
    ]);
    await vi.waitFor(() => expect(mails).toHaveLength(2));
    setSecurityOutlet(undefined);
    expect(mails.sort((x, y) => x.kind.localeCompare(y.kind))).toEqual([
      { userId: a.id, kind: 'futures_adl', lang: 'ja_JP' },
      { userId: trader.id, kind: 'futures_liquidated', lang: 'en_US' },
    ]);
    expect(await told(b.id, 'de_DE')).toEqual([
      'Das automatische Deleveraging hat 0,2 Ihrer BTC/USDT-Position zu 54.000 geschlossen: Eine liquidierte Gegenposition konnte nicht im Orderbuch geschlossen werden, und Ihre war als Nächste in der Warteschlange.',
    ]);
    await t.expectAuditClean();
  });

  it('with no opposite position in profit at the bankruptcy price, nothing is forced: the position waits, balances stay whole', async () => {
    await t.mark(BTC, '50000');
    for (const o of [...t.ex.orders.values()]) await t.ex.cancel(o.userId, o.id);
    // What the first scenario left open closes against itself (B's short against the filler's long).
    const open = [...t.ex.positions.values()].filter((p) => p.symbol === BTC && p.side !== 0);
    const long = open.find((p) => p.side === 1)!;
    const short = open.find((p) => p.side === -1)!;
    await t.place(long.userId, { symbol: BTC, action: 'close_long', type: 'limit', price: '50000', quantity: 'closable' });
    await t.place(short.userId, { symbol: BTC, action: 'close_short', type: 'market', quantity: 'closable' });
    expect([...t.ex.positions.values()].filter((p) => p.symbol === BTC && p.side !== 0)).toEqual([]);

    // The trader's counterparty S1 later buys back from S2, who sells short at 44 000: the only
    // short left is S2's, which would lose at the trader's bankruptcy price of 45 000.
    const s1 = await t.user('100000');
    const s2 = await t.user('100000');
    const trader = await t.user('2512.5');
    await t.leverage(trader, 10, 'isolated');
    await t.place(s1.id, { symbol: BTC, action: 'open_short', type: 'limit', price: '50000', quantity: '0.5' });
    expectOk(await t.order(trader, { action: 'open_long', type: 'market', quantity: '0.5' }));
    // At 1× (no margin could be short of its loss), so a short 12 % under the mark of 50 000 may open (rules.ts openBound).
    await t.leverage(s2, 1, 'cross');
    await t.place(s2.id, { symbol: BTC, action: 'open_short', type: 'limit', price: '44000', quantity: '0.5' });
    await t.place(s1.id, { symbol: BTC, action: 'close_short', type: 'market', quantity: 'closable' });
    expect(t.position(s1).side).toBe(0);
    expect(t.position(s2).side).toBe(-1);

    const bidder = await t.user('10000000');
    await t.place(bidder.id, { symbol: BTC, action: 'open_long', type: 'limit', price: '30000', quantity: '0.5' });
    await drainInsurance('10');
    const totalBefore = await t.contractTotal();
    const s2Before = await t.balance(s2);
    await t.mark(BTC, '30000'); // the book would leave 7500 unpaid; the fund holds 10
    expect(t.position(trader).side).toBe(1);
    expect(t.position(s2).side).toBe(-1);
    expect(await t.balance(s2)).toEqual(s2Before);
    expect(await t.contractTotal()).toBe(totalBefore);
    await noNegativeBalance();
    await t.expectAuditClean();
  });
});
