import { describe, expect, it } from 'vitest';
import { ICO_PATHS, type IcoAccount, type IcoProject, type IcoRecord } from '../../../domain/ico.js';
import type { Page } from '../../../domain/wallet.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal, post } from '../http.js';
import { DAY, HOUR, useIco } from './harness.js';

const t = useIco();
const en = MESSAGES.en_US;

describe('ICO projects and statuses', () => {
  it('an operator creates a project; its token becomes a currency; statuses follow the clock', async () => {
    const start = t.now() + HOUR;
    const p = await t.project({ start_at: start, end_at: start + 3 * DAY, release_rate: '0.5', release_period_ms: DAY });
    expect(p).toMatchObject({ status: 'upcoming', subscribed: '0', progress: '0', available: '1000', price_increase: null, winning_rate: null });
    const [currency] = await t.db.query<{ draw_turn: number }>(`select draw_turn from currency where symbol = $1`, [p.symbol]);
    expect(currency).toMatchObject({ draw_turn: 0 });
    const at = async (ms: number) => {
      t.set(ms);
      return (await t.projectById(p.id)).status;
    };
    const now = t.now();
    expect(await at(start + 1)).toBe('in_progress');
    expect(await at(start + 2 * DAY - 1)).toBe('in_progress');
    expect(await at(start + 2 * DAY)).toBe('ending_soon');
    expect(await at(start + 3 * DAY)).toBe('pending_settlement');
    expect((await t.settle()).projects).toContain(p.id);
    expect(await at(start + 3 * DAY + 1)).toBe('holding');
    expect(await at(start + 5 * DAY)).toBe('settled'); // two periods of 50 %
    t.set(now);
  });

  it('the operator edits a project; fields fixed after the first subscription or the settlement are refused', async () => {
    const p = await t.project();
    const edited = expectOk(await t.save({ id: p.id, name: 'Renamed', description: { ja_JP: '説明' }, total: '2000' }));
    expect(edited).toMatchObject({ name: 'Renamed', total: '2000', description: 'A test project', descriptions: { en_US: 'A test project', ja_JP: '説明' } });
    // Issue 51 §2: the creation and the edit are in the operator audit log, the edit with the fields it changed.
    const audit = await t.db.query<{ kind: string; before: unknown; after: unknown }>(`select kind, before, after from operator_audit_log where object_type = 'ico_project' and object_id = $1 order by id`, [String(p.id)]);
    expect(audit).toEqual([
      { kind: 'ico.project_create', before: null, after: expect.objectContaining({ id: p.id, name: p.name }) },
      { kind: 'ico.project_save', before: { name: p.name, total: '1000', description: { en_US: 'A test project' } }, after: { name: 'Renamed', total: '2000', description: { en_US: 'A test project', ja_JP: '説明' } } },
    ]);
    const user = await t.user();
    expectOk(await t.subscribe(user, p.id, '10'));
    expectRefusal(await t.save({ id: p.id, price: '0.6' }), 400, en.icoProjectLocked.replace('{field}', 'price'));
    expectOk(await t.save({ id: p.id, price: '0.5' })); // unchanged: fine
    expectRefusal(await t.save({ id: p.id, max_quantity: '0.5' }), 400, en.icoProjectInvalid.replace('{field}', 'max_quantity'));
    expectRefusal(await t.save({ id: 999999, name: 'x' }), 400, en.icoProjectUnknown);
    expectRefusal(await t.save({ symbol: p.symbol, name: 'dup', description: { en_US: 'x' }, total: '1', price: '1', token_places: 0, start_at: 0, end_at: 1, min_quantity: '1', max_quantity: '1', release_rate: '1', release_period_ms: DAY }), 400, en.icoSymbolTaken.replace('{symbol}', p.symbol));
    // Only operators.
    expectRefusal(await post(t.app, ICO_PATHS.operatorSave, { id: p.id, name: 'x' }, user.headers), 403);
  });
});

describe('subscribing and adding more', () => {
  it('freezes quantity × price from the ico account, adds more, and keeps the user within min and max', async () => {
    const p = await t.project({ price: '0.25', min_quantity: '10', max_quantity: '100' });
    const user = await t.user('100');
    const before = await t.snapshot();
    expectRefusal(await t.subscribe(user, p.id, '5'), 400, en.icoBelowMin.replace('{min}', '10').replace('{symbol}', p.symbol));
    expectRefusal(await t.subscribe(user, p.id, '101'), 400, en.icoAboveMax.replace('{max}', '100').replace('{left}', '100').replace('{symbol}', p.symbol));
    expectRefusal(await t.subscribe(user, p.id, '1.001'), 400, en.icoQuantityInvalid.replace('{places}', '2'));
    expectRefusal(await t.subscribe(user, p.id, '-1'), 400);
    expectRefusal(await t.subscribe(user, 424242, '10'), 400, en.icoProjectUnknown);
    expect(await t.snapshot()).toBe(before);
    const first = expectOk(await t.subscribe(user, p.id, '40'));
    expect(first).toMatchObject({ quantity: '40', paid: '10', allocated: null, status: 'in_progress' });
    expect(await t.usdt(user)).toEqual({ available: '90', frozen: '10' });
    // Add more: below the minimum is fine now, beyond the max is not.
    expectOk(await t.subscribe(user, p.id, '0.5'));
    const refused = await t.subscribe(user, p.id, '60', { lang: 'ja_JP' });
    expectRefusal(refused, 400, MESSAGES.ja_JP.icoAboveMax.replace('{max}', '100').replace('{left}', '59.5').replace('{symbol}', p.symbol));
    expect(await t.usdt(user)).toEqual({ available: '89.875', frozen: '10.125' });
    const project = await t.projectById(p.id);
    expect(project).toMatchObject({ subscribed: '40.5', participants: 1 });
    await t.expectAuditClean();
  });

  it('refuses without funds, outside the recruit period, and a repeated idempotency key subscribes once', async () => {
    const p = await t.project({ price: '1' });
    const poor = await t.user('5');
    expectRefusal(await t.subscribe(poor, p.id, '6'), 400, en.icoInsufficientBalance.replace('{amount}', '6'));
    const user = await t.user('100');
    const key = { 'idempotency-key': 'ico-key-0001' };
    expectOk(await t.subscribe(user, p.id, '10', key));
    expectOk(await t.subscribe(user, p.id, '10', key));
    expect(await t.usdt(user)).toEqual({ available: '90', frozen: '10' });
    const later = await t.project({ start_at: t.now() + HOUR });
    expectRefusal(await t.subscribe(user, later.id, '10'), 400, en.icoNotOpen);
    const now = t.now();
    t.set(p.end_at);
    expectRefusal(await t.subscribe(user, p.id, '10', { lang: 'de_DE' }), 400, MESSAGES.de_DE.icoNotOpen);
    t.set(now);
    await t.expectAuditClean();
  });
});

describe('the per-user cap under concurrency', () => {
  it("8 subscriptions of one user at once never pass the project's max_quantity (the project row serialises them)", async () => {
    const p = await t.project({ price: '1', min_quantity: '10', max_quantity: '100' });
    const user = await t.user('1000');
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => t.subscribe(user, p.id, String(30 + i / 100))));
    const passed = answers.filter((a) => a.body.code === 200);
    expect(passed).toHaveLength(3);
    for (const a of answers.filter((x) => x.body.code !== 200)) expectRefusal(a, 400, new RegExp(`^${en.icoAboveMax.replace('{max}', '100').replace('{symbol}', p.symbol).replace(/\{left\}.*$/, '')}`));
    const mine = await t.mine(user, p.id);
    expect(Number(mine!.quantity)).toBeLessThanOrEqual(100);
    await t.expectAuditClean();
  });
});

describe('settlement', () => {
  it('undersubscribed: everyone gets all, no refund, the USDT goes to the project account, tokens arrive frozen', async () => {
    const p = await t.project({ total: '1000', price: '0.5' }, 2);
    const a = await t.user();
    const b = await t.user();
    expectOk(await t.subscribe(a, p.id, '100'));
    expectOk(await t.subscribe(b, p.id, '300'));
    t.advance(2 * HOUR);
    expect((await t.settle()).projects).toEqual([p.id]);
    expect((await t.settle()).projects).toEqual([]); // exactly once
    expect(await t.mine(a, p.id)).toMatchObject({ allocated: '100', refund: '0', winning_rate: '1' });
    expect(await t.usdt(a)).toEqual({ available: '950', frozen: '0' });
    expect(await t.token(a, p.symbol)).toEqual({ available: '0', frozen: '100' });
    expect(await t.projectAccount(p.symbol)).toEqual({ usdt: { available: '200', frozen: '0' }, token: { available: '600', frozen: '0' } });
    await t.expectAuditClean();
  });

  it('oversubscribed: pro rata, rounded down to the token places, allocation × price + refund = paid', async () => {
    const p = await t.project({ total: '100', price: '0.3', token_places: 1 }, 2);
    const users = [await t.user(), await t.user(), await t.user()];
    for (const u of users) expectOk(await t.subscribe(u, p.id, '100'));
    t.advance(2 * HOUR);
    await t.settle();
    // 100 × 100 / 300 = 33.333… → 33.3 each; 0.1 unsold stays with the project.
    for (const u of users) {
      expect(await t.mine(u, p.id)).toMatchObject({ allocated: '33.3', refund: '20.01', paid: '30' });
      expect(await t.usdt(u)).toEqual({ available: '990.01', frozen: '0' });
    }
    expect((await t.projectById(p.id)).winning_rate).toBe('0.333333333333333333');
    expect(await t.projectAccount(p.symbol)).toEqual({ usdt: { available: '29.97', frozen: '0' }, token: { available: '0.1', frozen: '0' } });
    await t.expectAuditClean();
  });
});

describe('release and thaw', () => {
  it('releases a share per period: released today / in total, the thaw moves it to available, repeatable', async () => {
    const p = await t.project({ total: '1000', price: '1', token_places: 0, release_rate: '0.3', release_period_ms: DAY }, 22);
    const user = await t.user();
    expectOk(await t.subscribe(user, p.id, '101'));
    t.set(p.end_at);
    await t.settle();
    const before = await t.snapshot();
    expectRefusal(await t.thaw(user, p.id), 400, en.icoNothingToThaw);
    expectRefusal(await t.thaw(user, p.id, { lang: 'fr_FR' }), 400, MESSAGES.fr_FR.icoNothingToThaw);
    expect(await t.snapshot()).toBe(before);
    const account = async () => expectOk(await post<IcoAccount>(t.app, ICO_PATHS.account, {}, user.headers)).tokens.find((x) => x.symbol === p.symbol)!;
    expect(await account()).toMatchObject({ frozen: '101', released_total: '0', released_today: '0' });
    // Period 1: 30.3 → 30 (token has 0 places).
    t.set(p.end_at + DAY);
    expect(await account()).toMatchObject({ released_total: '30', released_today: '30', thawable: '30' });
    expect(expectOk(await t.thaw(user, p.id))).toMatchObject({ thawed: '30', thawable: '0', frozen: '71' });
    expect(await t.token(user, p.symbol)).toEqual({ available: '30', frozen: '71' });
    t.advance(3000); // past the anti-double-submit window of a body-derived key
    expectRefusal(await t.thaw(user, p.id), 400, en.icoNothingToThaw);
    // Periods 2 and 3 without a thaw in between: 60.6 → 60, 90.9 → 90.
    t.set(p.end_at + 3 * DAY + HOUR);
    const third = await account();
    expect(third).toMatchObject({ released_total: '90', thawable: '60' });
    expect(expectOk(await t.thaw(user, p.id))).toMatchObject({ thawed: '90', frozen: '11' });
    // Period 4: everything (min(1.2, 1) × 101).
    t.set(p.end_at + 4 * DAY);
    expect(expectOk(await t.thaw(user, p.id))).toMatchObject({ thawed: '101', frozen: '0', status: 'settled' });
    expect(await t.token(user, p.symbol)).toEqual({ available: '101', frozen: '0' });
    const log = expectOk(await post<Page<IcoRecord>>(t.app, ICO_PATHS.records, { type: 'thaw', days: 30, page: 1 }, user.headers));
    expect(log.list.map((r) => r.quantity)).toEqual(['11', '60', '30']);
    const all = expectOk(await post<Page<IcoRecord>>(t.app, ICO_PATHS.records, { type: 'log', days: 30, page: 1 }, user.headers));
    expect(all.list.map((r) => r.kind)).toEqual(['thaw', 'thaw', 'thaw', 'allocation', 'subscribe']);
    const ended = expectOk(await post<Page<unknown>>(t.app, ICO_PATHS.orders, { tab: 'end', page: 1 }, user.headers));
    expect(ended.total).toBeGreaterThan(0);
    await t.expectAuditClean();
  });

  it('price increase against the spot last price once the token trades', async () => {
    const p: IcoProject = await t.project({ price: '0.5' });
    expect(p.price_increase).toBeNull();
    // A trade needs orders; write the minimal rows the read uses.
    const [u] = await t.db.query<{ id: number }>(`insert into app_user (account) values ('ico-trader@example.org') returning id`);
    await t.db.query(`insert into pair (left_symbol, right_symbol) values ($1, 'USDT')`, [p.symbol]);
    const [o] = await t.db.query<{ id: number }>(
      `insert into spot_order (user_id, left_symbol, right_symbol, side, type, tif, price, quantity, frozen, status, created_ms, updated_ms)
       values ($1, $2, 'USDT', 'buy', 'limit', 'GTC', 0.6, 1, 0, 3, 0, 0) returning id`,
      [u!.id, p.symbol],
    );
    {
      await t.db.query(
        `insert into spot_trade (left_symbol, right_symbol, price, quantity, taker_side, maker_order_id, taker_order_id, maker_user_id, taker_user_id, created_ms)
         values ($1, 'USDT', 0.6, 1, 'buy', $2, $2, $3, $3, 0)`,
        [p.symbol, o!.id, u!.id],
      );
      expect(await t.projectById(p.id)).toMatchObject({ last_price: '0.6', price_increase: '0.2' });
    }
  });
});
