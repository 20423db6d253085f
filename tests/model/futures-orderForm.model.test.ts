/**
 * Scenarios of the futures order form (its generated paths run in machines.model.test.ts): what it
 * sends to the server, the §8 confirmation, the idempotency key across retries, reduce-only and
 * one-way mode, and the figures it shows.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { maxOpen, atMark } from '../../src/features/futures/machines/futuresDesk/figures';
import { PLACED, POSITION } from '../../src/features/futures/machines/futuresFixtures';
import { futuresOrderFormMachine, futuresOrderKeyMinter, type PlaceFuturesInput } from '../../src/features/futures/machines/futuresOrderForm/futuresOrderForm.machine';
import { formButtons } from '../../src/features/futures/machines/futuresOrderForm/orderFormFields';
import { pagePrices } from './harness';
import { fakeDesk, calls, toasts, showToast, mint, futuresScenarioClock } from './futuresScenario';

futuresScenarioClock();

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
    // The refusal is said once, under the buttons, not in a toast beside it as well.
    expect(form.getSnapshot().context.problem).toEqual({ text: 'The order book has no orders to trade against' });
    expect(toasts).toEqual(['futures.form.priceInvalid']);
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
      { type: 'form.submit', action: 'open_long' },
      { type: 'form.cancel' },
    ] as const)
      form.send(e);
    expect(form.getSnapshot().value).toBe('editing');
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

describe('futures order form: a take-profit or stop-loss on the wrong side is refused under its field', () => {
  /** A market order of 0.1 (or a limit one at `price`) with this TP/SL, sent as `action` while the page shows the mark price `mark`. */
  const submitted = (action: 'open_long' | 'open_short', plans: { tp?: string; sl?: string }, mark: string | undefined, price?: string, held?: { side: 1 | -1; closable: string }) => {
    const place = calls<PlaceFuturesInput, typeof PLACED>();
    const form = createActor(futuresOrderFormMachine.provide({ actors: { placeOrder: place.logic }, actions: { showToast } }), { input: { symbol: 'btc_usdt', pricePrecision: 2, amountPrecision: 4 } }).start();
    if (price === undefined) form.send({ type: 'form.type', orderType: 'market' });
    else form.send({ type: 'form.price', value: price });
    form.send({ type: 'form.quantity', value: '0.1' });
    if (plans.tp) form.send({ type: 'form.takeProfit', value: plans.tp });
    if (plans.sl) form.send({ type: 'form.stopLoss', value: plans.sl });
    form.send({ type: 'form.submit', action, mark, held });
    return { state: form.getSnapshot().value, problem: form.getSnapshot().context.problem, sent: place.seen.length };
  };

  it('a long takes profit above the mark price and stops its loss below it; a short the other way round (the server refuses one that would trigger at once)', () => {
    const refused = (field: 'takeProfit' | 'stopLoss', key: string, price: string, basis: 'mark' | 'order') => ({ state: 'editing', problem: { field, key, price, basis }, sent: 0 });
    expect(submitted('open_long', { tp: '95000' }, '96000')).toEqual(refused('takeProfit', 'futures.form.tpLongAbove', '96000', 'mark'));
    // At the mark price it would trigger at once too.
    expect(submitted('open_long', { tp: '96000' }, '96000')).toEqual(refused('takeProfit', 'futures.form.tpLongAbove', '96000', 'mark'));
    expect(submitted('open_long', { tp: '97000', sl: '96500' }, '96000')).toEqual(refused('stopLoss', 'futures.form.slLongBelow', '96000', 'mark'));
    expect(submitted('open_short', { tp: '96500' }, '96000')).toEqual(refused('takeProfit', 'futures.form.tpShortBelow', '96000', 'mark'));
    expect(submitted('open_short', { sl: '95000' }, '96000')).toEqual(refused('stopLoss', 'futures.form.slShortAbove', '96000', 'mark'));
    expect(submitted('open_long', { tp: '97000', sl: '95000' }, '96000')).toMatchObject({ state: 'confirming', problem: undefined });
    expect(submitted('open_short', { tp: '95000', sl: '97000' }, '96000')).toMatchObject({ state: 'confirming', problem: undefined });
    // No mark price on the page yet: the server judges.
    expect(submitted('open_long', { tp: '95000' }, undefined)).toMatchObject({ state: 'confirming' });
  });

  it("a limit order's stop-loss is beyond its own price too: it would trigger as soon as the order fills", () => {
    expect(submitted('open_long', { sl: '93000' }, '96000', '90000')).toEqual({ state: 'editing', problem: { field: 'stopLoss', key: 'futures.form.slLongBelow', price: '90000', basis: 'order' }, sent: 0 });
    expect(submitted('open_short', { sl: '99000' }, '96000', '100000')).toEqual({ state: 'editing', problem: { field: 'stopLoss', key: 'futures.form.slShortAbove', price: '100000', basis: 'order' }, sent: 0 });
    expect(submitted('open_long', { tp: '97000', sl: '89000' }, '96000', '90000')).toMatchObject({ state: 'confirming' });
    // A take-profit is judged by the mark alone: a marketable long at 96 500 may fill lower.
    expect(submitted('open_long', { tp: '96200' }, '96000', '96500')).toMatchObject({ state: 'confirming' });
  });

  it('says nothing in a toast: the reason stays under the field until it changes', () => {
    toasts.length = 0;
    const place = calls<PlaceFuturesInput, typeof PLACED>();
    const form = createActor(futuresOrderFormMachine.provide({ actors: { placeOrder: place.logic }, actions: { showToast } }), { input: { symbol: 'btc_usdt', pricePrecision: 2, amountPrecision: 4 } }).start();
    form.send({ type: 'form.type', orderType: 'market' });
    form.send({ type: 'form.quantity', value: '0.1' });
    form.send({ type: 'form.stopLoss', value: 'x' });
    form.send({ type: 'form.submit', action: 'open_long', mark: '96000' });
    expect(form.getSnapshot().context.problem).toEqual({ field: 'stopLoss', key: 'futures.form.tpslInvalid' });
    form.send({ type: 'form.stopLoss', value: '97000' });
    expect(form.getSnapshot().context.problem).toBeUndefined();
    form.send({ type: 'form.submit', action: 'open_long', mark: '96000' });
    expect(form.getSnapshot().context.problem).toMatchObject({ field: 'stopLoss', key: 'futures.form.slLongBelow' });
    expect(toasts).toEqual([]);
  });

  it('goes with an order that opens or adds, never with one that reduces the position held (the server refuses it)', () => {
    expect(submitted('open_short', { tp: '95000' }, '96000', undefined, { side: 1, closable: '0.5' })).toEqual({ state: 'editing', problem: { field: 'takeProfit', key: 'futures.form.tpslReduces' }, sent: 0 });
    expect(submitted('open_long', { tp: '97000' }, '96000', undefined, { side: 1, closable: '0.5' })).toMatchObject({ state: 'confirming' });
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
