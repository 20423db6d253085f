import { fromPromise } from 'xstate';
import { ALERT_PATHS, type AlertList, type CreateAlertInput, type PriceAlert } from '../../../../domain/alerts';
import { createNoticePushesActor, type UserStreamHub } from '../../../app/actors/userStream.actor';
import type { ApiClient } from '../../../services/api';

/** The alerts page's effects: the user's alerts read, created and cancelled with their token (domain/alerts.ts). */
export function createAlertsActors(api: ApiClient, userStream: UserStreamHub) {
  return {
    fetchAlerts: fromPromise<AlertList>(({ signal }) => api.post<AlertList>(ALERT_PATHS.list, {}, signal)),
    createAlert: fromPromise<PriceAlert, CreateAlertInput>(({ input, signal }) => api.post<PriceAlert>(ALERT_PATHS.create, input, signal)),
    cancelAlert: fromPromise<PriceAlert, { id: number }>(({ input, signal }) => api.post<PriceAlert>(ALERT_PATHS.cancel, input, signal)),
    /**
     * A triggered alert writes the user a notice: the private channel's `notice` push (and a resync,
     * after which pushes may have been missed) reads the list again, as support's bell does.
     */
    notices: createNoticePushesActor(userStream, 'alerts.pushed'),
  };
}
