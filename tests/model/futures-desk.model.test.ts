/**
 * Scenarios of the futures desk, its funding countdown, the detail views and the orders centre (their
 * generated paths run in machines.model.test.ts): reads again on pushes and reports, and cancels only
 * after the question.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { FuturesPlanCreate } from '../../domain/futures/api';
import type { CloseCall } from '../../src/features/futures/machines/closeDialog/closeDialog.machine';
import { futuresDeskMachine, type DeskData } from '../../src/features/futures/machines/futuresDesk/futuresDesk.machine';
import { selectFundingIn } from '../../src/features/futures/machines/futuresDesk/futuresDesk.selectors';
import { ACCOUNT, CONFIG, PLACED, POSITION } from '../../src/features/futures/machines/futuresFixtures';
import { tpslDialogMachine } from '../../src/features/futures/machines/tpslDialog/tpslDialog.machine';
import { futuresDetailMachine, type FuturesDetailData, type FuturesDetailTarget } from '../../src/features/futures/machines/futuresDetail/futuresDetail.machine';
import { futuresRecordsMachine } from '../../src/features/futures/machines/futuresRecords/futuresRecords.machine';
import { pagedListMachine, type LoadedPage, type PageQuery } from '../../src/app/machines/pagedList/pagedList.machine';
import { orderYield, selectOrderYield, selectPositionAveragePrice } from '../../src/features/futures/machines/futuresDetail/futuresDetail.selectors';
import { calls, toasts, showToast, asking, closeDialogOver, futuresScenarioClock } from './futuresScenario';

futuresScenarioClock();

describe('futures desk', () => {
  /** The BTC_USDT desk once read, its order cancels asking through the test's `calls`. */
  async function readDesk() {
    const load = calls<{ symbol: string }, DeskData>();
    const cancel = calls<{ id: number }, unknown>();
    const desk = createActor(futuresDeskMachine.provide({ actors: { loadDesk: load.logic, cancelOrder: asking(cancel) }, actions: { showToast } }), { input: { symbol: 'btc_usdt' } }).start();
    load.resolve({ config: CONFIG, account: ACCOUNT, orders: [], plans: [], receivedAt: 0 });
    await vi.advanceTimersByTimeAsync(0);
    return { load, cancel, desk };
  }

  it('reads again on a push, and cancels an order only after the question', async () => {
    const { load, cancel, desk } = await readDesk();
    desk.send({ type: 'futures.pushed' });
    expect(load.seen).toHaveLength(2);
    desk.send({ type: 'desk.cancelOrder', id: 7 });
    expect(cancel.seen).toEqual([]);
    desk.getSnapshot().children.cancelOrder!.send({ type: 'confirmAct.confirm' });
    expect(cancel.seen).toEqual([{ id: 7 }]);
    cancel.resolve({});
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts).toEqual(['futures.desk.cancelled']);
    expect(load.seen).toHaveLength(3);
  });

  it('reads again after a refused cancel too: the order may have filled meanwhile, and the desk must not keep showing it (issue 39)', async () => {
    const { load, cancel, desk } = await readDesk();
    desk.send({ type: 'desk.cancelOrder', id: 7 });
    desk.getSnapshot().children.cancelOrder!.send({ type: 'confirmAct.confirm' });
    cancel.reject({ kind: 'server', serverMessage: 'This order can no longer be cancelled' });
    await vi.advanceTimersByTimeAsync(0);
    expect(load.seen).toHaveLength(2);
  });
});

describe('funding countdown', () => {
  it('the desk counts down to the next funding with its countdown child, rolls over by the interval, and restarts on a read', async () => {
    const load = calls<{ symbol: string }, DeskData>();
    const desk = createActor(futuresDeskMachine.provide({ actors: { loadDesk: load.logic }, actions: { showToast } }), { input: { symbol: 'btc_usdt' } }).start();
    const config = { ...CONFIG, next_funding_ms: 10_000 + 3_000, funding_interval_ms: 60_000 };
    load.resolve({ config, account: ACCOUNT, orders: [], plans: [], receivedAt: 10_000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectFundingIn(desk.getSnapshot())).toBe(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectFundingIn(desk.getSnapshot())).toBe(2);
    await vi.advanceTimersByTimeAsync(3000);
    // Funding passed: the next one is an interval away, counted without a read.
    expect(selectFundingIn(desk.getSnapshot())).toBe(59);
    expect(load.seen).toHaveLength(1);
    // A read (after a push) brings the server's next funding time and the count starts from it.
    desk.send({ type: 'futures.pushed' });
    load.resolve({ config: { ...config, next_funding_ms: 100_000 }, account: ACCOUNT, orders: [], plans: [], receivedAt: 80_000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectFundingIn(desk.getSnapshot())).toBe(20);
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectFundingIn(desk.getSnapshot())).toBe(19);
  });
});

describe('futures detail views', () => {
  const CLOSE = { ...PLACED.order, id: 9, action: 'close_long' as const, filled: '0.5', quantity: '0.5', avg_price: '63000', leverage: 10, profit: '1500', fee: '15.75', trades: [] };

  it('an order: read once, read again after a push settles, and its yield is profit ÷ the closed margin', async () => {
    const fetch = calls<FuturesDetailTarget, FuturesDetailData>();
    const detail = createActor(futuresDetailMachine.provide({ actors: { fetchDetail: fetch.logic }, actions: { showToast } }), { input: { target: { kind: 'order', id: 9 } } }).start();
    expect(fetch.seen).toEqual([{ kind: 'order', id: 9 }]);
    fetch.resolve({ kind: 'order', order: CLOSE });
    await vi.advanceTimersByTimeAsync(0);
    // Closed 0.5 at 63 000 for +1500: the entry notional was 30 000, its margin at 10× 3000 → +50 %.
    expect(selectOrderYield(detail.getSnapshot())).toBe('0.5');
    // An order does not poll; a push reads again after `settle`.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch.seen).toHaveLength(1);
    detail.send({ type: 'futures.pushed' });
    await vi.advanceTimersByTimeAsync(300);
    expect(fetch.seen).toHaveLength(2);
    // A push while that read is under way: its answer may predate the change, so once it is in the
    // order is read again (the push was dropped before, and an order never polls).
    detail.send({ type: 'futures.pushed' });
    fetch.resolve({ kind: 'order', order: CLOSE });
    await vi.advanceTimersByTimeAsync(300);
    expect(fetch.seen).toHaveLength(3);
  });

  it('a position: its average position price moves by what it realised, it polls, and a failure keeps the last answer', async () => {
    const fetch = calls<FuturesDetailTarget, FuturesDetailData>();
    const detail = createActor(futuresDetailMachine.provide({ actors: { fetchDetail: fetch.logic }, actions: { showToast } }), { input: { target: { kind: 'position', symbol: 'BTC_USDT' } } }).start();
    // A long of 0.5 entered at 60 000 that already realised +250 breaks even at 59 500.
    fetch.resolve({ kind: 'position', position: { ...POSITION, realised: '250' }, openOrders: [], pastOrders: [CLOSE] });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectPositionAveragePrice(detail.getSnapshot())).toBe('59500');
    expect(orderYield({ ...CLOSE, action: 'open_long' })).toBeNull();
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetch.seen).toHaveLength(2);
    fetch.reject({ kind: 'network' });
    await vi.advanceTimersByTimeAsync(0);
    expect(detail.getSnapshot().value).toBe('failed');
    expect(detail.getSnapshot().context.position?.realised).toBe('250');
    expect(toasts).toHaveLength(1);
  });
});

describe('futures orders centre', () => {
  const page = <T>(list: T[]) => ({ list, total: list.length, page: 1, size: 10 });
  /** The records page with its list reading through `fetch` (the shared paged list, provided as futures.flows.ts does). */
  const recordsOver = (fetch: ReturnType<typeof calls<PageQuery, LoadedPage>>, actors: object = {}) =>
    futuresRecordsMachine.provide({ actors: { list: pagedListMachine.provide({ actors: { loadPage: fetch.logic }, actions: { showToast } }), ...actors }, actions: { showToast } });

  it('u-current cancels an order only after the question, by the trade page\'s call, and reads the list again', async () => {
    const fetch = calls<PageQuery, LoadedPage>();
    const cancel = calls<{ id: number }, unknown>();
    const records = createActor(recordsOver(fetch, { cancelOrder: asking(cancel) }), { input: { mode: 'current' } }).start();
    const question = records.getSnapshot().children.cancelOrder!;
    expect(fetch.seen).toEqual([{ filter: { mode: 'current', days: 7 }, page: 1, size: 10 }]);
    fetch.resolve(page([{ ...PLACED.order, id: 7 }]));
    await vi.advanceTimersByTimeAsync(0);
    records.send({ type: 'records.cancelOrder', id: 7 });
    expect(question.getSnapshot().context.subject).toEqual({ id: 7 });
    question.send({ type: 'confirmAct.cancel' });
    question.send({ type: 'confirmAct.confirm' });
    expect(cancel.seen).toEqual([]);
    records.send({ type: 'records.cancelOrder', id: 7 });
    question.send({ type: 'confirmAct.confirm' });
    expect(cancel.seen).toEqual([{ id: 7 }]);
    // A push reading the list meanwhile does not stop the cancel.
    records.send({ type: 'futures.pushed' });
    await vi.advanceTimersByTimeAsync(300);
    expect(fetch.seen).toHaveLength(2);
    cancel.resolve({});
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts).toEqual(['futures.desk.cancelled']);
    expect(fetch.seen).toHaveLength(3);
    expect(question.getSnapshot().context.subject).toBeUndefined();
  });

  it('u-plan cancels a plan; a refused cancel says the server\'s message and shows the list as it is', async () => {
    const fetch = calls<PageQuery, LoadedPage>();
    const cancel = calls<{ id: number }, unknown>();
    const records = createActor(recordsOver(fetch, { cancelPlan: asking(cancel) }), { input: { mode: 'plans' } }).start();
    fetch.resolve(page([]));
    await vi.advanceTimersByTimeAsync(0);
    records.send({ type: 'records.cancelPlan', id: 3 });
    records.getSnapshot().children.cancelPlan!.send({ type: 'confirmAct.confirm' });
    expect(cancel.seen).toEqual([{ id: 3 }]);
    // The API service's refusal shape (domain/errors.ts): the server's own, already translated text.
    cancel.reject({ kind: 'server', serverMessage: 'Unknown plan' });
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts).toEqual(['Unknown plan']);
    expect(fetch.seen).toHaveLength(2);
  });

  it('u-hold and u-position read again when a position dialog reports a change', async () => {
    const fetch = calls<PageQuery, LoadedPage>();
    const records = createActor(recordsOver(fetch), { input: { mode: 'hold' } }).start();
    fetch.resolve({ list: ACCOUNT.positions, total: ACCOUNT.positions.length, extra: ACCOUNT });
    await vi.advanceTimersByTimeAsync(0);
    const close = calls<CloseCall, typeof PLACED>();
    const { dialog, confirm } = closeDialogOver(close, records);
    dialog.send({ type: 'close.flash', symbol: 'BTC_USDT', closable: '0.5', pricePrecision: 2, amountPrecision: 4 });
    confirm();
    close.resolve(PLACED);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch.seen).toHaveLength(2);

    const read = calls<FuturesDetailTarget, FuturesDetailData>();
    const detail = createActor(futuresDetailMachine.provide({ actors: { fetchDetail: read.logic }, actions: { showToast } }), { input: { target: { kind: 'position', symbol: 'BTC_USDT' } } }).start();
    read.resolve({ kind: 'position', position: POSITION, openOrders: [], pastOrders: [] });
    await vi.advanceTimersByTimeAsync(0);
    const create = calls<{ plans: FuturesPlanCreate[] }, unknown>();
    const tpsl = createActor(tpslDialogMachine.provide({ actors: { createPlans: create.logic }, actions: { showToast } }), { input: { replyTo: detail } }).start();
    tpsl.send({ type: 'tpsl.open', symbol: 'BTC_USDT', pricePrecision: 2, position: POSITION });
    tpsl.send({ type: 'tpsl.takeProfit', value: '70000' });
    tpsl.send({ type: 'tpsl.submit' });
    tpsl.send({ type: 'tpsl.confirm' });
    create.resolve({});
    await vi.advanceTimersByTimeAsync(0);
    expect(read.seen).toHaveLength(2);
  });
});
