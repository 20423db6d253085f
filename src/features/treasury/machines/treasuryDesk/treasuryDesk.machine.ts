import { assign, setup, type ActorRefFrom } from 'xstate';
import { TREASURY_DAYS, TREASURY_SERIES, type BalanceSheet, type TreasuryDays, type TreasurySeries, type TreasurySeriesName } from '../../../../../domain/treasury';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { readState } from '../../../../app/machines/loadStates/loadStates';
import { showToast } from '../../../../app/machines/toast/toastError';

export type TreasuryDeskEvent =
  /** Another figure to chart (its series is read). */
  | { type: 'treasury.pick'; series: TreasurySeriesName }
  /** Another range, 30 or 90 days (the series is read again). */
  | { type: 'treasury.range'; days: TreasuryDays }
  /** The currency the chart and table show. */
  | { type: 'treasury.currency'; currency: string }
  /** Reads the series and the balance sheet again. */
  | { type: 'treasury.reload' };

export interface TreasuryDeskContext {
  series: TreasurySeriesName;
  days: TreasuryDays;
  /** The series as last read; cleared when another figure or range is asked for, so no chart shows the wrong one. */
  data: TreasurySeries | undefined;
  /** The currency chosen, once the operator chose one (the view falls back to the series' first). */
  currency: string | undefined;
  sheet: BalanceSheet | undefined;
}

export interface SeriesRequest {
  series: TreasurySeriesName;
  range_days: TreasuryDays;
}

/**
 * The treasury desk (issue 52 §3; finance and auditors): one figure at a time, charted per day over
 * the last 30 or 90 days with the numbers behind it, and the balance sheet of user liabilities
 * against holdings beside it. Both only read; the two reads are independent (`series`, `sheet`),
 * so a failure of one leaves the other shown. A new choice while a read is under way restarts it
 * (the older answer is dropped with its actor).
 */
const treasuryDeskSetup = setup({
  types: { context: {} as TreasuryDeskContext, events: {} as TreasuryDeskEvent },
  actors: {
    fetchSeries: toBeProvided<TreasurySeries, SeriesRequest>('fetchSeries'),
    fetchSheet: toBeProvided<BalanceSheet>('fetchSheet'),
  },
  actions: {
    showToast,
  },
  guards: {
    otherSeries: ({ context, event }) => event.type === 'treasury.pick' && TREASURY_SERIES.includes(event.series) && event.series !== context.series,
    otherRange: ({ context, event }) => event.type === 'treasury.range' && TREASURY_DAYS.includes(event.days) && event.days !== context.days,
  },
});

export const treasuryDeskMachine = treasuryDeskSetup.createMachine({
  id: 'treasuryDesk',
  context: { series: 'fees', days: 30, data: undefined, currency: undefined, sheet: undefined },
  type: 'parallel',
  on: {
    'treasury.currency': { actions: assign({ currency: ({ event }) => event.currency }) },
  },
  states: {
    series: {
      initial: 'loading',
      on: {
        'treasury.pick': { guard: 'otherSeries', target: '.loading', reenter: true, actions: assign({ series: ({ event }) => event.series, data: undefined }) },
        'treasury.range': { guard: 'otherRange', target: '.loading', reenter: true, actions: assign({ days: ({ event }) => event.days, data: undefined }) },
        'treasury.reload': { target: '.loading', reenter: true },
      },
      states: {
        loading: readState(treasuryDeskSetup, { src: 'fetchSeries', input: ({ context }) => ({ series: context.series, range_days: context.days }), into: (data) => ({ data }), next: 'ready', failed: 'failed' }),
        ready: {},
        failed: {},
      },
    },
    sheet: {
      initial: 'loading',
      on: { 'treasury.reload': { target: '.loading', reenter: true } },
      states: {
        loading: readState(treasuryDeskSetup, { src: 'fetchSheet', into: (sheet) => ({ sheet }), next: 'ready', failed: 'failed' }),
        ready: {},
        failed: {},
      },
    },
  },
});

export type TreasuryDeskActorRef = ActorRefFrom<typeof treasuryDeskMachine>;
