import { rolesGrant } from '../../../domain/operators';
import type { Services } from '../../app/services';
import { createOperatorStorage } from '../../services/operatorStorage';
import { createFeesActors, createFeesDeskActors } from './actors/fees.actors';
import { feesDeskMachine, type FeesDeskInput } from './machines/feesDesk/feesDesk.machine';
import { myFeesMachine } from './machines/myFees/myFees.machine';

/** The fees flows with their effects (defineFeature's `load`): fetched with the page or the console's desk. */
export const provide = ({ api, operatorApi, store, showToast }: Services) => {
  const stored = createOperatorStorage(store);
  return {
    myFees: myFeesMachine.provide({ actors: createFeesActors(api), actions: { showToast } }),
    feesDesk: feesDeskMachine.provide({ actors: createFeesDeskActors(operatorApi), actions: { showToast } }),
    /**
     * The desk's input: whether the signed-in operator's roles (as the operator session stored them
     * at sign-in) grant the edits. A session stored before roles were sent is offered them; the
     * server checks each call whatever the console shows.
     */
    feesDeskInput: (): FeesDeskInput => {
      const roles = (stored.read().operator as { roles?: unknown } | undefined)?.roles;
      const granted = Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : undefined;
      return { mayEdit: !granted || rolesGrant(granted, 'fees.write'), mayOverride: !granted || rolesGrant(granted, 'fees.override') };
    },
  };
};
