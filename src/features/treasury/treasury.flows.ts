import type { Services } from '../../app/services';
import { treasuryDeskMachine } from './machines/treasuryDesk/treasuryDesk.machine';
import { createTreasuryActors } from './treasury.actors';

/** The treasury desk's flow with its effects (defineFeature's `load`): fetched with the desk's page only. */
export const provide = ({ operatorApi, showToast }: Services) => ({
  treasuryDesk: treasuryDeskMachine.provide({ actors: createTreasuryActors(operatorApi), actions: { showToast } }),
});

export type TreasuryFlows = ReturnType<typeof provide>;
