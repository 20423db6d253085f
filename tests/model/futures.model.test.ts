/**
 * Scenarios of the futures trade page's machines (their generated paths run in
 * machines.model.test.ts): what each sends to the server, the §8 confirmations, the idempotency key
 * across retries, and the desk being told to read again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, type AnyActorRef } from 'xstate';
import type { FuturesCloseRequest, FuturesMarginRequest, FuturesPlanCreate, FuturesPosition } from '../../domain/futures/api';
import { closeDialogMachine, closeKeyMinter, type CloseCall } from '../../src/features/futures/machines/closeDialog/closeDialog.machine';
import { futuresDeskMachine, type DeskData } from '../../src/features/futures/machines/futuresDesk/futuresDesk.machine';
import { maxOpen, atMark } from '../../src/features/futures/machines/futuresDesk/figures';
import { selectFundingIn } from '../../src/features/futures/machines/futuresDesk/futuresDesk.selectors';
import { ACCOUNT, CONFIG, PLACED, POSITION } from '../../src/features/futures/machines/futuresFixtures';
import { futuresOrderFormMachine, futuresOrderKeyMinter, type PlaceFuturesInput } from '../../src/features/futures/machines/futuresOrderForm/futuresOrderForm.machine';
import { leverageDialogMachine, type LeverageRequest } from '../../src/features/futures/machines/leverageDialog/leverageDialog.machine';
import { liquidationAfter, liquidationBeyondMark, marginDialogMachine, typedProblem } from '../../src/features/futures/machines/marginDialog/marginDialog.machine';
import { formButtons } from '../../src/features/futures/machines/futuresOrderForm/orderFormFields';
import { stopBeyondLiquidation, tpslDialogMachine, triggerPrices } from '../../src/features/futures/machines/tpslDialog/tpslDialog.machine';
import { roeTriggerText } from '../../domain/futures/planTrigger';
import { futuresDetailMachine, type FuturesDetailData, type FuturesDetailTarget } from '../../src/features/futures/machines/futuresDetail/futuresDetail.machine';
import { futuresRecordsMachine } from '../../src/features/futures/machines/futuresRecords/futuresRecords.machine';
import { pagedListMachine, type LoadedPage, type PageQuery } from '../../src/app/machines/pagedList/pagedList.machine';
import { confirmActing } from '../../src/app/machines/confirmAct/confirmAct.machine';
import { pagePrices } from './harness';
import { orderYield, selectOrderYield, selectPositionAveragePrice } from '../../src/features/futures/machines/futuresDetail/futuresDetail.selectors';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** A stand-in desk counting the refreshes it is told. */
function fakeDesk() {
  let refreshes = 0;
  const actor = createActor(createMachine({ on: { 'desk.refresh': { actions: () => void (refreshes += 1) } } })).start();
  return { ref: actor as unknown as AnyActorRef, refreshes: () => refreshes };
}

/** A promise actor whose calls the test settles one by one. */
function calls<I, O>() {
  const seen: I[] = [];
  const pending: Array<{ resolve: (o: O) => void; reject: (e: unknown) => void }> = [];
  const logic = fromPromise<O, I>(({ input }) => {
    seen.push(input);
    return new Promise<O>((resolve, reject) => pending.push({ resolve, reject }));
  });
  return { logic, seen, resolve: (o: O) => pending.shift()!.resolve(o), reject: (e: unknown) => pending.shift()!.reject(e) };
}

const toasts: string[] = [];
const showToast = (_: unknown, params: { message: { key?: string; text?: string } }) => void toasts.push(params.message.key ?? params.message.text ?? '');
/** A cancel's confirm-then-act child (as the composition root supplies it) acting through the test's `calls`. */
const asking = (cancel: ReturnType<typeof calls<{ id: number }, unknown>>) => confirmActing(cancel.logic, showToast);
beforeEach(() => void (toasts.length = 0));
let keys = 0;
const mint = () => `key-${++keys}`;

describe('futures order form', () => {
  it("follows the page's last price until the trader types one", () => {
    const page = pagePrices({ price: '96000.5', side: 'buy' });
    const form = createActor(futuresOrderFormMachine, { input: { symbol: 'btc_usdt', pricePrecision: 2, amountPrecision: 4, prices: page.source } }).start();
    expect(form.getSnapshot().context.price).toBe('96000.5');
    page.move('96010');
    expect(form.getSnapshot().context.price).toBe('96010');
    form.send({ type: 'form.price', value: '95000' });
    page.move('96020');
    expect(form.getSnapshot().context.price).toBe('95000');
    form.stop();
  });

  it('opens a long by market only after the confirmation, keeps the key for a retry, and tells the desk', async () => {
    const desk = fakeDesk();
    const place = calls<PlaceFuturesInput, typeof PLACED>();
    const machine = futuresOrderFormMachine.provide({ actors: { placeOrder: place.logic }, actions: { showToast, mintIdempotencyKey: futuresOrderKeyMinter(mint) } });
    const form = createActor(machine, { input: { symbol: 'btc_usdt', pricePrecision: 2, amountPrecision: 4, replyTo: desk.ref } }).start();
    form.send({ type: 'form.submit', action: 'open_long' });
    expect(toasts).toEqual(['futures.form.priceInvalid']);
    form.send({ type: 'form.type', orderType: 'market' });
    form.send({ type: 'form.percent', percent: 50, max: '0.8' });
    expect(form.getSnapshot().context.quantity).toBe('0.4');
    form.send({ type: 'form.quantity', value: '0.02' });
    form.send({ type: 'form.submit', action: 'open_long' });
    expect(form.getSnapshot().value).toBe('confirming');
    expect(place.seen).toEqual([]);
    form.send({ type: 'form.confirm' });
    expect(place.seen[0]).toEqual({ request: { symbol: 'btc_usdt', action: 'open_long', type: 'market', quantity: '0.02' }, idempotencyKey: expect.stringMatching(/^key-/) });
    place.reject({ kind: 'server', serverMessage: 'The order book has no orders to trade against' });
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts).toHaveLength(2);
    form.send({ type: 'form.submit', action: 'open_long' });
    form.send({ type: 'form.confirm' });
    expect(place.seen[1]!.idempotencyKey).toBe(place.seen[0]!.idempotencyKey);
    place.resolve(PLACED);
    await vi.advanceTimersByTimeAsync(0);
    expect(form.getSnapshot().context).toMatchObject({ quantity: '', idempotencyKey: undefined });
    expect(toasts.at(-1)).toBe('futures.form.placed');
    expect(desk.refreshes()).toBe(1);
  });

  it('sends TP/SL by mark with an opening limit order, and a cancelled confirmation sends nothing', () => {
    const place = calls<PlaceFuturesInput, typeof PLACED>();
    const form = createActor(futuresOrderFormMachine.provide({ actors: { placeOrder: place.logic }, actions: { showToast } }), { input: { symbol: 'btc_usdt', pricePrecision: 2, amountPrecision: 4 } }).start();
    for (const e of [
      { type: 'form.price', value: '60000' },
      { type: 'form.quantity', value: '0.1' },
      { type: 'form.takeProfit', value: '70000' },
      { type: 'form.stopLoss', value: '55000' },
      { type: 'form.submit', action: 'open_short' },
      { type: 'form.cancel' },
    ] as const)
      form.send(e);
    expect(place.seen).toEqual([]);
    form.send({ type: 'form.submit', action: 'open_long' });
    form.send({ type: 'form.confirm' });
    expect(place.seen[0]!.request).toEqual({
      symbol: 'btc_usdt', action: 'open_long', type: 'limit', price: '60000', quantity: '0.1',
      take_profit: { trigger_by: 'mark', trigger_value: '70000', exec_type: 'market' },
      stop_loss: { trigger_by: 'mark', trigger_value: '55000', exec_type: 'market' },
    });
  });
});

describe('futures order form: reduce-only and one-way mode (issue 50 M9)', () => {
  const LONG = { side: 1 as const, closable: '0.5' };
  const open = () => {
    const place = calls<PlaceFuturesInput, typeof PLACED>();
    const form = createActor(futuresOrderFormMachine.provide({ actors: { placeOrder: place.logic }, actions: { showToast } }), { input: { symbol: 'btc_usdt', pricePrecision: 2, amountPrecision: 4 } }).start();
    form.send({ type: 'form.type', orderType: 'market' });
    return { place, form };
  };

  it('offers only what would not be refused: Open long and Open short; with Reduce-only the close of the side held; on the Close tab that side only', () => {
    const tabs = (tab: 'open' | 'close', reduceOnly: boolean, held?: { side: 1 | -1; closable: string }) => formButtons({ tab, reduceOnly }, held);
    expect(tabs('open', false)).toEqual([{ action: 'open_long', label: 'open_long', opens: true }, { action: 'open_short', label: 'open_short', opens: true }]);
    // One-way: against a long, Open short reduces it (no margin, no liquidation price of its own).
    expect(tabs('open', false, LONG)).toEqual([{ action: 'open_long', label: 'open_long', opens: true }, { action: 'open_short', label: 'open_short', opens: false }]);
    expect(tabs('open', true, LONG)).toEqual([{ action: 'open_short', label: 'close_long', opens: false }]);
    expect(tabs('open', true, { side: -1, closable: '1' })).toEqual([{ action: 'open_long', label: 'close_short', opens: false }]);
    expect(tabs('open', true)).toEqual([]);
    expect(tabs('close', false, LONG)).toEqual([{ action: 'close_long', label: 'close_long', opens: false }]);
    expect(tabs('close', false)).toEqual([]);
  });

  it('with Reduce-only an order that would increase is refused in the form and the reason stays; the reducing one is confirmed as the close it is', async () => {
    const { place, form } = open();
    form.send({ type: 'form.reduceOnly', value: true });
    form.send({ type: 'form.quantity', value: '0.1' });
    form.send({ type: 'form.submit', action: 'open_long', held: LONG });
    expect(form.getSnapshot().value).toBe('editing');
    expect(form.getSnapshot().context.problem).toEqual({ key: 'futures.form.reduceOnlyIncreases' });
    expect(toasts).toEqual(['futures.form.reduceOnlyIncreases']);
    // Nothing held: nothing to reduce.
    form.send({ type: 'form.submit', action: 'open_short' });
    expect(form.getSnapshot().context.problem).toEqual({ key: 'futures.form.reduceOnlyNothing' });
    // More than can still be closed.
    form.send({ type: 'form.quantity', value: '0.6' });
    expect(form.getSnapshot().context.problem).toBeUndefined();
    form.send({ type: 'form.submit', action: 'open_short', held: LONG });
    expect(form.getSnapshot().context.problem).toEqual({ key: 'futures.close.tooMuch' });
    form.send({ type: 'form.quantity', value: '0.5' });
    form.send({ type: 'form.submit', action: 'open_short', held: LONG });
    expect(form.getSnapshot().value).toBe('confirming');
    expect(form.getSnapshot().context).toMatchObject({ action: 'open_short', label: 'close_long', problem: undefined });
    form.send({ type: 'form.confirm' });
    expect(place.seen[0]!.request).toEqual({ symbol: 'btc_usdt', action: 'open_short', type: 'market', quantity: '0.5', reduce_only: true });
    // The server's refusal stays under the buttons until the form changes (issue 50 S3), not only in a toast.
    place.reject({ kind: 'server', serverMessage: 'One-way mode: this order reduces your position, of which at most 0.01 can still be closed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(form.getSnapshot().context.problem).toEqual({ text: 'One-way mode: this order reduces your position, of which at most 0.01 can still be closed' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(form.getSnapshot().context.problem).toBeDefined();
    form.send({ type: 'form.quantity', value: '0.01' });
    expect(form.getSnapshot().context.problem).toBeUndefined();
  });

  it('the Close tab closes only a side held', () => {
    const { place, form } = open();
    form.send({ type: 'form.tab', tab: 'close' });
    form.send({ type: 'form.quantity', value: '0.1' });
    form.send({ type: 'form.submit', action: 'close_short', held: LONG });
    expect(form.getSnapshot().context.problem).toEqual({ key: 'futures.form.nothingToClose' });
    form.send({ type: 'form.submit', action: 'close_long' });
    expect(form.getSnapshot().context.problem).toEqual({ key: 'futures.form.nothingToClose' });
    form.send({ type: 'form.submit', action: 'close_long', held: LONG });
    form.send({ type: 'form.confirm' });
    expect(place.seen[0]!.request).toEqual({ symbol: 'btc_usdt', action: 'close_long', type: 'market', quantity: '0.1' });
  });
});

describe('futures figures', () => {
  it('the maximum open quantity leaves room for the fee (§9), and a position follows the mark', () => {
    // 1000 USDT at 10× and 0.05 % at 50 000: 1000 ÷ (0.1 + 0.0005) ÷ 50 000 = 0.19900… → 0.199.
    expect(maxOpen({ available: '1000', price: '50000', leverage: 10, takerFee: '0.0005', amountPrecision: 3 })).toBe('0.199');
    expect(maxOpen({ available: undefined, price: '50000', leverage: 10, takerFee: '0.0005', amountPrecision: 3 })).toBe('0');
    expect(atMark(POSITION, '66000')).toMatchObject({ mark_price: '66000', unrealised_pnl: '3000', roe: '1' });
  });
});

describe('margin dialog', () => {
  it('keeps a refusal in the dialog until the amount changes, and previews no liquidation for an amount that cannot move (issue 50 S3, M9)', async () => {
    const desk = fakeDesk();
    const adjust = calls<FuturesMarginRequest, FuturesPosition | undefined>();
    const dialog = createActor(marginDialogMachine.provide({ actors: { adjustMargin: adjust.logic }, actions: { showToast } }), { input: { replyTo: desk.ref } }).start();
    dialog.send({ type: 'margin.open', position: { ...POSITION, max_removable_margin: '197.52' }, brackets: [{ bracket: 1, floor: '0', cap: '50000', maxLeverage: 125, mmr: '0.004', maintenanceAmount: '0' }], available: '1000' });
    dialog.send({ type: 'margin.type', value: 'remove' });
    dialog.send({ type: 'margin.amount', value: '600' });
    expect(liquidationAfter(dialog.getSnapshot().context)).toBeUndefined();
    dialog.send({ type: 'margin.save' });
    expect(dialog.getSnapshot().context.refusal).toEqual({ key: 'futures.margin.removeTooMuch' });
    expect(adjust.seen).toEqual([]);
    dialog.send({ type: 'margin.amount', value: '100' });
    expect(dialog.getSnapshot().context.refusal).toBeUndefined();
    expect(liquidationAfter(dialog.getSnapshot().context)).toMatch(/^\d/);
    dialog.send({ type: 'margin.save' });
    adjust.reject({ kind: 'server', serverMessage: 'At most 90 USDT can be removed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(dialog.getSnapshot().value).toBe('editing');
    expect(dialog.getSnapshot().context.refusal).toEqual({ text: 'At most 90 USDT can be removed' });
  });

  it('says "more than can be removed" while the amount is typed, before Confirm, and warns when the liquidation price would pass the mark (issue 50 M9)', () => {
    const dialog = createActor(marginDialogMachine.provide({ actions: { showToast } }), { input: {} }).start();
    const brackets = [{ bracket: 1, floor: '0', cap: '50000', maxLeverage: 125, mmr: '0.004', maintenanceAmount: '0' }];
    // A long marked below its entry (58 000 against 60 000), with more said removable than is safe (a stale figure).
    dialog.send({ type: 'margin.open', position: { ...POSITION, mark_price: '58000', max_removable_margin: '2900' }, brackets, available: '1000' });
    dialog.send({ type: 'margin.type', value: 'remove' });
    dialog.send({ type: 'margin.amount', value: '3000' });
    expect(typedProblem(dialog.getSnapshot().context)).toBe('futures.margin.removeTooMuch');
    dialog.send({ type: 'margin.amount', value: '3.' });
    expect(typedProblem(dialog.getSnapshot().context)).toBeUndefined();
    dialog.send({ type: 'margin.amount', value: '100' });
    expect(liquidationBeyondMark(dialog.getSnapshot().context)).toBe(false);
    // 100 USDT left on 0.5 BTC: liquidated some 200 below the entry, above the mark of 58 000.
    dialog.send({ type: 'margin.amount', value: '2900' });
    expect(typedProblem(dialog.getSnapshot().context)).toBeUndefined();
    expect(liquidationBeyondMark(dialog.getSnapshot().context)).toBe(true);
  });
});

describe('leverage dialog', () => {
  it('keeps the leverage within 1…max and tells the desk once saved', async () => {
    const desk = fakeDesk();
    const save = calls<LeverageRequest, unknown>();
    const dialog = createActor(leverageDialogMachine.provide({ actors: { saveLeverage: save.logic }, actions: { showToast } }), { input: { symbol: 'btc_usdt', replyTo: desk.ref } }).start();
    dialog.send({ type: 'leverage.open', leverage: 5, marginMode: 'cross', max: 20 });
    dialog.send({ type: 'leverage.set', value: 500 });
    dialog.send({ type: 'leverage.mode', mode: 'isolated' });
    dialog.send({ type: 'leverage.save' });
    expect(save.seen).toEqual([{ symbol: 'btc_usdt', leverage: 20, margin_mode: 'isolated' }]);
    save.reject({ kind: 'server', serverMessage: 'Close the position first' });
    await vi.advanceTimersByTimeAsync(0);
    expect(dialog.getSnapshot().value).toBe('open');
    dialog.send({ type: 'leverage.save' });
    save.resolve({});
    await vi.advanceTimersByTimeAsync(0);
    expect(dialog.getSnapshot().value).toBe('closed');
    expect(desk.refreshes()).toBe(1);
  });
});

/** The close dialog as futures.flows supplies it: its confirm-then-act child sends through the test's `calls`; `confirm` answers the child's question. */
function closeDialogOver(close: ReturnType<typeof calls<CloseCall, typeof PLACED>>, replyTo?: AnyActorRef) {
  const machine = closeDialogMachine.provide({ actors: { closePosition: confirmActing(close.logic, showToast) }, actions: { showToast, mintIdempotencyKey: closeKeyMinter(mint) } });
  const dialog = createActor(machine, { input: { replyTo } }).start();
  const question = dialog.getSnapshot().children.closePosition!;
  return { dialog, question, asked: () => question.getSnapshot().context.subject as CloseCall | undefined, confirm: () => question.send({ type: 'confirmAct.confirm' }) };
}

describe('close and flash close', () => {
  const target = { symbol: 'BTC_USDT', closable: '0.5', pricePrecision: 2, amountPrecision: 4 };
  it('refuses more than the closable quantity, confirms, and says what 30 levels could not close', async () => {
    const close = calls<CloseCall, typeof PLACED>();
    const { dialog, question, asked, confirm } = closeDialogOver(close);
    dialog.send({ type: 'close.open', ...target });
    dialog.send({ type: 'close.quantity', value: '0.9' });
    dialog.send({ type: 'close.submit' });
    expect(toasts).toEqual(['futures.close.tooMuch']);
    expect(asked()).toBeUndefined();
    dialog.send({ type: 'close.percent', percent: 50 });
    dialog.send({ type: 'close.submit' });
    // The question holds the call about to be sent; cancelling it goes back to the dialog, nothing sent.
    expect(asked()).toMatchObject({ kind: 'close', request: { symbol: 'BTC_USDT', type: 'market', quantity: '0.25' } });
    question.send({ type: 'confirmAct.cancel' });
    expect(dialog.getSnapshot().value).toBe('editing');
    expect(close.seen).toHaveLength(0);
    dialog.send({ type: 'close.submit' });
    confirm();
    const sent = close.seen[0] as { kind: 'close'; request: FuturesCloseRequest; idempotencyKey: string };
    expect(sent.request).toEqual({ symbol: 'BTC_USDT', type: 'market', quantity: '0.25' });
    // Refused: said, the dialog stays, and the same close is sent again with its key.
    close.reject({ kind: 'server', serverMessage: 'The book is empty' });
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts.at(-1)).toBe('The book is empty');
    expect(dialog.getSnapshot().value).toBe('editing');
    dialog.send({ type: 'close.submit' });
    confirm();
    expect(close.seen[1]).toEqual(sent);
    close.resolve({ ...PLACED, unfilled: '0.05' });
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts.at(-1)).toBe('futures.close.rest');
    expect(dialog.getSnapshot().value).toBe('closed');
    expect(dialog.getSnapshot().context.idempotencyKey).toBeUndefined();
  });

  it('a flash close asks first and closes everything closable, each with a key of its own', async () => {
    const desk = fakeDesk();
    const close = calls<CloseCall, typeof PLACED>();
    const { dialog, asked, confirm } = closeDialogOver(close, desk.ref);
    dialog.send({ type: 'close.flash', ...target });
    expect(dialog.getSnapshot().value).toBe('closed');
    expect(asked()).toMatchObject({ kind: 'flash', symbol: 'BTC_USDT' });
    confirm();
    expect(close.seen[0]).toMatchObject({ kind: 'flash', symbol: 'BTC_USDT' });
    close.reject({ kind: 'server', serverMessage: 'The book is empty' });
    await vi.advanceTimersByTimeAsync(0);
    expect(desk.refreshes()).toBe(0);
    dialog.send({ type: 'close.flash', ...target });
    confirm();
    expect(close.seen[1]).toMatchObject({ kind: 'flash', symbol: 'BTC_USDT' });
    expect((close.seen[1] as { idempotencyKey: string }).idempotencyKey).not.toBe((close.seen[0] as { idempotencyKey: string }).idempotencyKey);
    close.resolve(PLACED);
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts.at(-1)).toBe('futures.close.done');
    expect(desk.refreshes()).toBe(1);
  });
});

/** The TP/SL dialog opened on POSITION (BTC_USDT, 2 price places), its plans' creation recorded. */
function openTpsl() {
  const create = calls<{ plans: FuturesPlanCreate[] }, unknown>();
  const dialog = createActor(tpslDialogMachine.provide({ actors: { createPlans: create.logic }, actions: { showToast } }), { input: {} }).start();
  dialog.send({ type: 'tpsl.open', symbol: 'BTC_USDT', pricePrecision: 2, position: POSITION });
  return { create, dialog };
}

describe('TP/SL dialog', () => {
  it('sets a take-profit and a stop-loss by ROE after the confirmation', async () => {
    const { create, dialog } = openTpsl();
    dialog.send({ type: 'tpsl.submit' });
    expect(toasts).toEqual(['futures.tpsl.required']);
    dialog.send({ type: 'tpsl.by', by: 'roe' });
    dialog.send({ type: 'tpsl.takeProfit', value: '500' });
    dialog.send({ type: 'tpsl.stopLoss', value: '-90' });
    dialog.send({ type: 'tpsl.submit' });
    expect(create.seen).toEqual([]);
    dialog.send({ type: 'tpsl.confirm' });
    // Sent as the prices they mean (issue 50 M8): the 10× long of 0.5 at 60 000 has 3000 margin;
    // +500 % is 15 000 USDT, 30 000 a BTC higher; −90 % is 2700, 5400 lower.
    expect(create.seen[0]!.plans).toEqual([
      { symbol: 'BTC_USDT', kind: 'take_profit', trigger_by: 'mark', trigger_value: '90000', exec_type: 'market' },
      { symbol: 'BTC_USDT', kind: 'stop_loss', trigger_by: 'mark', trigger_value: '54600', exec_type: 'market' },
    ]);
  });
  it('takes a stop-loss by ROE as a loss ("−10" or "-10"), refuses "10" under the field, and shows each refusal there', () => {
    const { create, dialog } = openTpsl();
    dialog.send({ type: 'tpsl.by', by: 'roe' });
    dialog.send({ type: 'tpsl.stopLoss', value: '10' });
    dialog.send({ type: 'tpsl.submit' });
    // Refused where the trader looks, not only in a toast that fades.
    expect(dialog.getSnapshot().value).toBe('editing');
    expect(dialog.getSnapshot().context.problem).toEqual({ field: 'stopLoss', key: 'futures.tpsl.lossNegative' });
    dialog.send({ type: 'tpsl.stopLoss', value: '−10' });
    expect(dialog.getSnapshot().context.problem).toBeUndefined();
    dialog.send({ type: 'tpsl.takeProfit', value: '-5' });
    dialog.send({ type: 'tpsl.submit' });
    expect(dialog.getSnapshot().context.problem).toEqual({ field: 'takeProfit', key: 'futures.tpsl.gainPositive' });
    dialog.send({ type: 'tpsl.takeProfit', value: '' });
    dialog.send({ type: 'tpsl.submit' });
    expect(dialog.getSnapshot().value).toBe('confirming');
    dialog.send({ type: 'tpsl.confirm' });
    expect(create.seen[0]!.plans).toEqual([{ symbol: 'BTC_USDT', kind: 'stop_loss', trigger_by: 'mark', trigger_value: '59400', exec_type: 'market' }]);
  });

  it('shows the price an ROE means before Confirm, offers Mark or Last for it too, and refuses an ROE no price can mean (issue 50 M8)', () => {
    const { create, dialog } = openTpsl();
    dialog.send({ type: 'tpsl.by', by: 'roe' });
    dialog.send({ type: 'tpsl.triggerBy', triggerBy: 'last' });
    dialog.send({ type: 'tpsl.takeProfit', value: '33.33' });
    dialog.send({ type: 'tpsl.stopLoss', value: '−2000' });
    // 33.33 % of 3000 is 999.9 USDT on 0.5 BTC: 1999.8 higher. A 2000 % loss would need a price below zero.
    expect(triggerPrices(dialog.getSnapshot().context)).toEqual({ takeProfit: '61999.8', stopLoss: undefined });
    dialog.send({ type: 'tpsl.submit' });
    expect(dialog.getSnapshot().context.problem).toEqual({ field: 'stopLoss', key: 'futures.tpsl.roeNoPrice' });
    expect(create.seen).toEqual([]);
    // −99 % (2970 USDT, 5940 lower: 54 060) lies below the liquidation price 54 216.87: a warning, not a refusal.
    dialog.send({ type: 'tpsl.stopLoss', value: '-99' });
    expect(stopBeyondLiquidation(dialog.getSnapshot().context)).toBe(true);
    dialog.send({ type: 'tpsl.stopLoss', value: '-20' });
    expect(stopBeyondLiquidation(dialog.getSnapshot().context)).toBe(false);
    dialog.send({ type: 'tpsl.submit' });
    dialog.send({ type: 'tpsl.confirm' });
    expect(create.seen[0]!.plans).toEqual([
      { symbol: 'BTC_USDT', kind: 'take_profit', trigger_by: 'last', trigger_value: '61999.8', exec_type: 'market' },
      { symbol: 'BTC_USDT', kind: 'stop_loss', trigger_by: 'last', trigger_value: '58800', exec_type: 'market' },
    ]);
  });

  it('a short rounds what an ROE means down to its tick, a long up: the take-profit gains at least, the stop-loss loses at most, what was typed', () => {
    const short: FuturesPosition = { ...POSITION, side: -1, quantity: '0.7', margin: '4200' };
    const at = (kind: 'takeProfit' | 'stopLoss', value: string, position = short) =>
      triggerPrices({ by: 'roe', pricePrecision: 2, position, takeProfit: kind === 'takeProfit' ? value : '', stopLoss: kind === 'stopLoss' ? value : '' })[kind];
    // 10 % of 4200 on 0.7 is 600 exactly; 10.01 % is 600.6; 0.01 % is 0.6.
    expect(at('takeProfit', '10')).toBe('59400');
    expect(at('stopLoss', '-10.01')).toBe('60600.6');
    // 10 % of 600 on 0.7 = 85.714…: a long's rounds up (60 085.72 / 59 914.29), a short's down (59 914.28 / 60 085.71).
    expect(at('takeProfit', '10', { ...short, margin: '600' })).toBe('59914.28');
    expect(at('stopLoss', '-10', { ...short, margin: '600' })).toBe('60085.71');
    expect(at('takeProfit', '10', { ...short, side: 1, margin: '600' })).toBe('60085.72');
    expect(at('stopLoss', '-10', { ...short, side: 1, margin: '600' })).toBe('59914.29');
  });

  it('shows a plan by ROE with its sign: a take-profit as a gain, a stop-loss as a loss', () => {
    expect(roeTriggerText({ kind: 'stop_loss', trigger_value: '10' })).toBe('-10.00%');
    expect(roeTriggerText({ kind: 'take_profit', trigger_value: '50' })).toBe('+50.00%');
  });
});

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
