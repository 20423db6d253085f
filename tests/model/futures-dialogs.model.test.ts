/**
 * Scenarios of the futures position dialogs (margin, leverage, close and flash close, TP/SL; their
 * generated paths run in machines.model.test.ts): what each sends, the §8 confirmations, the
 * refusals kept under the fields, and the desk being told to read again.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { FuturesCloseRequest, FuturesMarginRequest, FuturesPlanCreate, FuturesPosition } from '../../domain/futures/api';
import type { CloseCall } from '../../src/features/futures/machines/closeDialog/closeDialog.machine';
import { PLACED, POSITION } from '../../src/features/futures/machines/futuresFixtures';
import { leverageDialogMachine, type LeverageRequest } from '../../src/features/futures/machines/leverageDialog/leverageDialog.machine';
import { liquidationAfter, liquidationBeyondMark, marginDialogMachine, typedProblem } from '../../src/features/futures/machines/marginDialog/marginDialog.machine';
import { stopBeyondLiquidation, tpslDialogMachine, triggerPrices } from '../../src/features/futures/machines/tpslDialog/tpslDialog.machine';
import { roeTriggerText } from '../../domain/futures/planTrigger';
import { fakeDesk, calls, toasts, showToast, closeDialogOver, futuresScenarioClock } from './futuresScenario';

futuresScenarioClock();

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
