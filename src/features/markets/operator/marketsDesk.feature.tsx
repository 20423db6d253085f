import { defineFeature } from '../../../app/feature';
import { MarketsDeskContext } from './marketsDesk.context';

/**
 * The risk desk's market halts (issue 52 §1): a tab of /operator that belongs to the markets
 * product, declared as a feature of its own so that its `load` fetches only the desk's flows
 * (marketsDesk.flows.ts). Declared in the markets feature, the desk would load markets.flows.ts,
 * which starts the trade pages' pair market and favourites and brings their machines: nothing an
 * operator needs. It has no routes; its desk shows to operators whose roles grant trading.read.
 */
export const marketsDeskFeature = defineFeature({
  id: 'marketsDesk',
  context: MarketsDeskContext,
  routes: {},
  desks: () => import('./desks').then((m) => m.desks),
  load: () => import('./marketsDesk.flows'),
});
