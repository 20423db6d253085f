import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { FuturesContext } from './futures.context';
import type { RecordDays } from '../../domain/wallet';
import type { futuresRecordsMachine, FuturesRecordsMode } from './machines/futuresRecords/futuresRecords.machine';

/** The futures flows, supplied with their effects in futures/feature.tsx. */
export interface FuturesFlows {
  records: typeof futuresRecordsMachine;
}


/** /order/u-current, u-history, u-plan, u-hold and /wallet/contract. */
export function useFuturesRecords(mode: FuturesRecordsMode) {
  const flows = FuturesContext.use();
  const ref = useActorRef(flows.records, { input: { mode } });
  const context = useSelector(ref, (s) => s.context);
  const loading = useSelector(ref, (s) => s.matches('loading') && s.context.account === undefined && s.context.orders.length === 0 && s.context.plans.length === 0);
  const failed = useSelector(ref, (s) => s.matches('failed'));
  const senders = useMemo(
    () => ({
      setDays: (days: RecordDays) => ref.send({ type: 'records.days', days }),
      setPage: (page: number) => ref.send({ type: 'records.page', page }),
      retry: () => ref.send({ type: 'records.retry' }),
    }),
    [ref],
  );
  return { ...context, loading, failed, ...senders };
}

export { FuturesContext };
