import { useActorRef } from '@xstate/react';
import type { TreasuryDays, TreasurySeriesName } from '../../../domain/treasury';
import { useActorFlow } from '../../app/views/actorFlow';
import { TreasuryContext } from './treasury.context';

/**
 * /operator, "Treasury" (finance, auditor): the figure and range chosen, the series read (or
 * loading, or failed), the currency chosen, and the balance sheet.
 */
export function useTreasuryDesk() {
  const flows = TreasuryContext.use();
  const actor = useActorRef(flows.treasuryDesk);
  return useActorFlow(
    actor,
    {
      series: (s) => s.context.series,
      days: (s) => s.context.days,
      data: (s) => s.context.data,
      currency: (s) => s.context.currency,
      loading: (s) => s.matches({ series: 'loading' }),
      failed: (s) => s.matches({ series: 'failed' }),
      sheet: (s) => s.context.sheet,
      sheetLoading: (s) => s.matches({ sheet: 'loading' }),
      sheetFailed: (s) => s.matches({ sheet: 'failed' }),
    },
    {
      pick: (series: TreasurySeriesName) => ({ type: 'treasury.pick', series }),
      range: (days: TreasuryDays) => ({ type: 'treasury.range', days }),
      chooseCurrency: (currency: string) => ({ type: 'treasury.currency', currency }),
      reload: () => ({ type: 'treasury.reload' }),
    },
  );
}
