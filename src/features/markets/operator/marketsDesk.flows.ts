import { rolesGrant } from '../../../../domain/operators';
import type { Services } from '../../../app/services';
import { createPairListActor } from '../../../app/actors/pairList.actor';
import { confirmActing } from '../../../app/machines/confirmAct/confirmAct.machine';
import { createOperatorStorage } from '../../../services/operatorStorage';
import { createMarketsDeskActors } from './marketsDesk.actors';
import { marketsDeskMachine, type MarketsDeskInput } from './marketsDesk/marketsDesk.machine';

/**
 * The risk desk's markets (issue 52 §1) with its effects, fetched with the desk's page only
 * (marketsDesk.feature.tsx): neither the trade pages' flows (markets.flows.ts) nor their channels
 * come with it. The machine is started by the desk's view while shown.
 */
export const provide = ({ operatorApi, store, showToast, socket }: Services) => {
  const actors = createMarketsDeskActors(operatorApi);
  const stored = createOperatorStorage(store);
  return {
    marketsDesk: marketsDeskMachine.provide({
      actors: {
        fetchMarkets: actors.fetchMarkets,
        haltMarket: actors.haltMarket,
        resume: confirmActing(actors.resumeMarket, showToast),
        listPair: actors.listPair,
        delistMarket: actors.delistMarket,
        listCurrency: actors.listCurrency,
        listContract: actors.listContract,
        // Another operator's change reaches the desk as it reaches the site's markets list.
        pairList: createPairListActor(socket),
      },
      actions: { showToast },
    }),
    /**
     * The desk's input: whether the signed-in operator's roles (as the operator session stored
     * them at sign-in) grant halts. A session stored before roles were sent is offered them; the
     * server checks each call whatever the console shows.
     */
    deskInput: (): MarketsDeskInput => {
      const roles = (stored.read().operator as { roles?: unknown } | undefined)?.roles;
      return { mayAct: !Array.isArray(roles) || rolesGrant(roles.filter((r): r is string => typeof r === 'string'), 'trading.write') };
    },
  };
};

export type MarketsDeskFlows = ReturnType<typeof provide>;
