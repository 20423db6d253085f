import { useActorRef } from '@xstate/react';
import type { CreateAlertInput } from '../../../domain/alerts';
import { signals, useActorFlow } from '../../app/views/actorFlow';
import { AlertsContext } from './alerts.context';
import type { priceAlertsMachine } from './machines/priceAlerts/priceAlerts.machine';

export interface AlertsFlows {
  priceAlerts: typeof priceAlertsMachine;
}

/** The alerts page's own actor: the lists, the form's refusal and what is being sent. */
export function usePriceAlertsFlow() {
  return useActorFlow(
    useActorRef(AlertsContext.use().priceAlerts),
    {
      /** The first read, nothing on screen yet. */
      loading: (s) => s.matches('loading') && s.context.list === undefined,
      loadFailed: (s) => s.matches('loadFailed'),
      list: (s) => s.context.list,
      refusal: (s) => s.context.refusal,
      creating: (s) => s.matches('creating'),
      /** The alert whose cancel is on its way. */
      cancelling: (s) => s.context.cancelling,
      /** Whether a create would be heard now (not while a call runs or the list is read). */
      canCreate: (s) => s.matches('ready') || s.matches('loadFailed'),
      canCancel: (s) => s.matches('ready'),
      created: (s) => s.context.created,
    },
    {
      ...signals('alerts', ['retry', 'edit']),
      create: (alert: CreateAlertInput, places: number) => ({ type: 'alerts.create', alert, places }),
      cancel: (id: number) => ({ type: 'alerts.cancel', id }),
    },
  );
}
