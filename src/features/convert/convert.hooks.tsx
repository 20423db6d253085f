import { useActorRef } from '@xstate/react';
import { signals, useActorFlow } from '../../app/views/actorFlow';
import { ConvertContext } from './convert.context';
import type { ConvertInput, convertMachine } from './machines/convert/convert.machine';
import * as select from './machines/convert/convert.selectors';

export interface ConvertFlows {
  convert: typeof convertMachine;
}

/** The convert page's own actor, started on the currencies the page opens with. */
export function useConvertFlow(input: ConvertInput) {
  return useActorFlow(
    useActorRef(ConvertContext.use().convert, { input }),
    {
      stage: select.selectStage,
      from: (s) => s.context.from,
      to: (s) => s.context.to,
      amount: (s) => s.context.amount,
      problem: (s) => s.context.problem,
      quote: select.selectShownQuote,
      remaining: (s) => s.context.remaining,
      result: (s) => s.context.result,
      refusal: (s) => s.context.refusal,
      canQuote: select.selectCanQuote,
      held: select.selectFieldsHeld,
      history: (s) => s.context.history,
      historyLoading: select.selectHistoryLoading,
      historyFailed: select.selectHistoryFailed,
    },
    {
      ...signals('convert', ['swap', 'accept', 'refresh', 'new', 'historyRetry']),
      setFrom: (from: string, to: string) => ({ type: 'convert.setFrom', from, to }),
      setTo: (to: string) => ({ type: 'convert.setTo', to }),
      setAmount: (amount: string) => ({ type: 'convert.setAmount', amount }),
      askQuote: (places: number) => ({ type: 'convert.quote', places }),
    },
  );
}
