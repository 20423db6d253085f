import type { Services } from '../../app/services';
import { createLiabilitiesDeskActors, createLiabilityActors } from './actors/liabilities.actors';
import { liabilitiesDeskMachine } from './machines/liabilitiesDesk/liabilitiesDesk.machine';
import { liabilityProofMachine } from './machines/liabilityProof/liabilityProof.machine';

/** The proof-of-liabilities flows with their effects (defineFeature's `load`): fetched with the page or the console's desk. */
export const provide = ({ api, operatorApi, showToast }: Services) => ({
  liabilityProof: liabilityProofMachine.provide({ actors: createLiabilityActors(api), actions: { showToast } }),
  liabilitiesDesk: liabilitiesDeskMachine.provide({ actors: createLiabilitiesDeskActors(api, operatorApi), actions: { showToast } }),
});
