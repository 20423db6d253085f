import { rolesGrant } from '../../../domain/operators';
import type { Services } from '../../app/services';
import { createOperatorStorage } from '../../services/operatorStorage';
import { createLiabilitiesDeskActors, createLiabilityActors } from './actors/liabilities.actors';
import { liabilitiesDeskMachine, type LiabilitiesDeskInput } from './machines/liabilitiesDesk/liabilitiesDesk.machine';
import { liabilityProofMachine } from './machines/liabilityProof/liabilityProof.machine';

/** The proof-of-liabilities flows with their effects (defineFeature's `load`): fetched with the page or the console's desk. */
export const provide = ({ api, operatorApi, store, showToast }: Services) => ({
  liabilityProof: liabilityProofMachine.provide({ actors: createLiabilityActors(api), actions: { showToast } }),
  liabilitiesDesk: liabilitiesDeskMachine.provide({ actors: createLiabilitiesDeskActors(operatorApi), actions: { showToast } }),
  /**
   * The desk's input: whether the signed-in operator's roles (as the operator session stored them
   * at sign-in) grant the build. A session stored before roles were sent is offered it; the server
   * checks the call whatever the console shows.
   */
  liabilitiesDeskInput: (): LiabilitiesDeskInput => {
    const roles = (createOperatorStorage(store).read().operator as { roles?: unknown } | undefined)?.roles;
    return { mayBuild: !Array.isArray(roles) || rolesGrant(roles.filter((r): r is string => typeof r === 'string'), 'liabilities.build') };
  },
});
