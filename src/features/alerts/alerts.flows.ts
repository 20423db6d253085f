import type { Services } from '../../app/services';
import { createAlertsActors } from './actors/alerts.actors';
import { priceAlertsMachine } from './machines/priceAlerts/priceAlerts.machine';

/** The alerts flows with their effects (defineFeature's `load`): fetched with the page. */
export const provide = ({ api, userStream, showToast }: Services) => ({
  priceAlerts: priceAlertsMachine.provide({ actors: createAlertsActors(api, userStream), actions: { showToast } }),
});
