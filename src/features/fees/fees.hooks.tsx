import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useActorFlow, signals } from '../../app/views/actorFlow';
import { FeesContext } from './fees.context';
import type { FeeOverride, FeeOverrideEdit, FeeScheduleEdit, FeeScheduleRow, FeeTier } from '../../../domain/fees';
import type { feesDeskMachine, FeesDeskInput } from './machines/feesDesk/feesDesk.machine';
import type { myFeesMachine } from './machines/myFees/myFees.machine';

export interface FeesFlows {
  myFees: typeof myFeesMachine;
  feesDesk: typeof feesDeskMachine;
  feesDeskInput: () => FeesDeskInput;
}

/** The fees page's own actor. */
export function useMyFeesFlow() {
  return useActorFlow(
    useActorRef(FeesContext.use().myFees),
    {
      loading: (s) => s.matches('loading'),
      failed: (s) => s.matches('failed'),
      fees: (s) => s.context.fees,
      product: (s) => s.context.product,
    },
    { retry: () => ({ type: 'fees.retry' }), show: (product: 'spot' | 'futures') => ({ type: 'fees.show', product }) },
  );
}

/** The console desk's own actor: the tiers, schedules and overrides, and the open edit form. */
export function useFeesDeskFlow() {
  const flows = FeesContext.use();
  // The roles are read once, when the desk opens (its actor's input).
  const [input] = useState(flows.feesDeskInput);
  return useActorFlow(
    useActorRef(flows.feesDesk, { input }),
    {
      loading: (s) => s.matches({ desk: 'loading' }),
      failed: (s) => s.matches({ desk: 'failed' }),
      desk: (s) => s.context.desk,
      mayEdit: (s) => s.context.mayEdit,
      mayOverride: (s) => s.context.mayOverride,
      form: (s) => s.context.form,
      opened: (s) => s.context.opened,
      refusal: (s) => s.context.refusal,
      /** The tier table or schedule row's edit held for its confirmation (old → new, the 2FA code), or undefined. */
      pending: (s) => s.context.pending,
      confirming: (s) => s.matches({ edit: { tiers: 'confirming' } }) || s.matches({ edit: { schedule: 'confirming' } }) || s.matches({ edit: { tiers: 'sending' } }) || s.matches({ edit: { schedule: 'sending' } }),
      sending: (s) => s.matches({ edit: { tiers: 'sending' } }) || s.matches({ edit: { schedule: 'sending' } }) || s.matches({ edit: { override: 'sending' } }),
    },
    {
      ...signals('desk', ['retry', 'editTiers']),
      editSchedule: (row?: FeeScheduleRow) => ({ type: 'desk.editSchedule', ...(row ? { row } : {}) }),
      editOverride: (override?: FeeOverride) => ({ type: 'desk.editOverride', ...(override ? { override } : {}) }),
      submitTiers: (tiers: FeeTier[]) => ({ type: 'desk.submitTiers', tiers }),
      submitSchedule: (edit: FeeScheduleEdit) => ({ type: 'desk.submitSchedule', edit }),
      submitOverride: (edit: FeeOverrideEdit, code: string) => ({ type: 'desk.submitOverride', edit, code }),
      confirmEdit: (code: string) => ({ type: 'desk.confirmEdit', code }),
      backToForm: () => ({ type: 'desk.backToForm' }),
      close: () => ({ type: 'desk.closeEdit' }),
    },
  );
}
