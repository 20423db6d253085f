/**
 * The treasury desk (issue 52 §3): its generated paths, then scenarios — both reads at start, a
 * new figure or range restarting the series' read (the older answer dropped), one read failing
 * while the other shows, reload; and the selectors that turn a series into the chart's days.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { seriesCsv } from '../../domain/treasury';
import { FEES_FIXTURE, INSURANCE_FIXTURE, SHEET_FIXTURE, TODAY } from '../../src/features/treasury/machines/treasuryDesk/treasuryDesk.fixtures';
import { treasuryDeskMachine } from '../../src/features/treasury/machines/treasuryDesk/treasuryDesk.machine';
import { treasuryDeskModel } from '../../src/features/treasury/machines/treasuryDesk/treasuryDesk.model';
import { chartPoints, currenciesOf, seriesDownload, sheetBalanced, shownCurrency, tableRows } from '../../src/features/treasury/machines/treasuryDesk/treasuryDesk.selectors';
import { describeModel, standInsFor } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('treasury desk (generated paths)', () => describeModel(treasuryDeskModel));

function start() {
  const deferred = standInsFor(treasuryDeskMachine);
  const toasts: unknown[] = [];
  const actor = createActor(treasuryDeskMachine.provide({ actors: deferred.actors, actions: { showToast: (_: unknown, params: unknown) => void toasts.push(params) } })).start();
  const settle = async (event: EventObject & { output?: unknown; error?: unknown }) => {
    deferred.settle(event);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { actor, deferred, toasts, settle };
}

describe('treasury desk (scenarios)', () => {
  it('reads fee income over 30 days and the balance sheet at start', async () => {
    const t = start();
    expect(t.actor.getSnapshot().value).toEqual({ series: 'loading', sheet: 'loading' });
    expect(t.deferred.inputsOf('fetchSeries')).toEqual([{ series: 'fees', range_days: 30 }]);
    await t.settle({ type: 'xstate.done.actor.fetchSeries', output: FEES_FIXTURE });
    await t.settle({ type: 'xstate.done.actor.fetchSheet', output: SHEET_FIXTURE });
    expect(t.actor.getSnapshot().value).toEqual({ series: 'ready', sheet: 'ready' });
    expect(t.actor.getSnapshot().context).toMatchObject({ data: FEES_FIXTURE, sheet: SHEET_FIXTURE });
  });

  it('a new figure or range clears the chart and reads again; the same choice again reads nothing', async () => {
    const t = start();
    await t.settle({ type: 'xstate.done.actor.fetchSeries', output: FEES_FIXTURE });
    t.actor.send({ type: 'treasury.pick', series: 'fees' });
    t.actor.send({ type: 'treasury.range', days: 30 });
    expect(t.deferred.inputsOf('fetchSeries')).toHaveLength(1);
    t.actor.send({ type: 'treasury.pick', series: 'insurance' });
    expect(t.actor.getSnapshot().context.data).toBeUndefined();
    t.actor.send({ type: 'treasury.range', days: 90 });
    expect(t.deferred.inputsOf('fetchSeries')).toEqual([
      { series: 'fees', range_days: 30 },
      { series: 'insurance', range_days: 30 },
      { series: 'insurance', range_days: 90 },
    ]);
    await t.settle({ type: 'xstate.done.actor.fetchSeries', output: INSURANCE_FIXTURE });
    expect(t.actor.getSnapshot().context).toMatchObject({ series: 'insurance', days: 90, data: INSURANCE_FIXTURE });
  });

  it('a failed series read is toasted and leaves the balance sheet shown; reload reads both again', async () => {
    const t = start();
    await t.settle({ type: 'xstate.done.actor.fetchSheet', output: SHEET_FIXTURE });
    await t.settle({ type: 'xstate.error.actor.fetchSeries', error: { kind: 'network' } });
    expect(t.actor.getSnapshot().value).toEqual({ series: 'failed', sheet: 'ready' });
    expect(t.toasts).toEqual([{ tone: 'error', message: { key: 'error.network' } }]);
    t.actor.send({ type: 'treasury.reload' });
    expect(t.actor.getSnapshot().value).toEqual({ series: 'loading', sheet: 'loading' });
    expect(t.actor.getSnapshot().context.sheet).toEqual(SHEET_FIXTURE);
  });

  it('keeps the currency chosen', () => {
    const t = start();
    t.actor.send({ type: 'treasury.currency', currency: 'BTC' });
    expect(t.actor.getSnapshot().context.currency).toBe('BTC');
  });
});

describe('treasury selectors', () => {
  it('charts a flow as each day of the range, empty days at 0', () => {
    expect(currenciesOf(FEES_FIXTURE)).toEqual(['USDT', 'BTC']);
    expect(shownCurrency(FEES_FIXTURE, undefined)).toBe('USDT');
    expect(shownCurrency(FEES_FIXTURE, 'ETH')).toBe('USDT');
    expect(shownCurrency(FEES_FIXTURE, 'BTC')).toBe('BTC');
    const points = chartPoints(FEES_FIXTURE, 'USDT');
    expect(points).toHaveLength(30);
    expect(points[0]).toEqual({ day: FEES_FIXTURE.from, value: '0' });
    expect(points.slice(-2)).toEqual([
      { day: TODAY - 86_400_000, value: '13.5' },
      { day: TODAY, value: '4.25' },
    ]);
  });

  it('charts a stock as its level at each day end, from the opening', () => {
    const points = chartPoints(INSURANCE_FIXTURE, 'USDT');
    expect(points).toHaveLength(90);
    expect(points[0]!.value).toBe('1000000');
    expect(points.slice(-3).map((p) => p.value)).toEqual(['1000030', '1000030', '1000018']);
  });

  it('lists the numbers behind the chart newest first, and exports the whole series as CSV', () => {
    expect(tableRows(FEES_FIXTURE, 'USDT').map((p) => p.key)).toEqual(['futures', 'spot', 'wallet']);
    expect(seriesCsv(FEES_FIXTURE).split('\r\n')).toEqual([
      'day,currency,key,kind,amount',
      '2026-11-26,USDT,spot,fee_income,12.5',
      '2026-11-26,USDT,wallet,withdraw_fee,1',
      '2026-11-27,BTC,spot,fee_income,0.0003',
      '2026-11-27,USDT,futures,futures_fee,4.25',
      '',
    ]);
    const download = seriesDownload(FEES_FIXTURE);
    expect(download.name).toBe('treasury-fees-30d-2026-11-27.csv');
    expect(decodeURIComponent(download.href.replace('data:text/csv;charset=utf-8,', ''))).toBe(seriesCsv(FEES_FIXTURE));
    expect(sheetBalanced(SHEET_FIXTURE)).toBe(true);
    expect(sheetBalanced({ ...SHEET_FIXTURE, rows: [{ ...SHEET_FIXTURE.rows[0]!, difference: '-0.1' }] })).toBe(false);
  });
});
