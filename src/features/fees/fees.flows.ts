import type { Services } from '../../app/services';
import { createFeesActors, createFeesDeskActors } from './actors/fees.actors';
import { feesDeskMachine } from './machines/feesDesk/feesDesk.machine';
import { myFeesMachine } from './machines/myFees/myFees.machine';

/** The fees flows with their effects (defineFeature's `load`): fetched with the page or the console's desk. */
export const provide = ({ api, operatorApi, showToast }: Services) => ({
  myFees: myFeesMachine.provide({ actors: createFeesActors(api), actions: { showToast } }),
  feesDesk: feesDeskMachine.provide({ actors: createFeesDeskActors(operatorApi), actions: { showToast } }),
});
