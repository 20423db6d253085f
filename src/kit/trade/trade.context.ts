import { createFlowContext } from '../../app/flowContext';
import type { PairMarketActorRef } from './machines/pairMarket/pairMarket.machine';

/** What the trade kit reads: the app's one pair market (book, trades, chart and ticks of the pair on screen). */
export interface TradeFlows {
  market: PairMarketActorRef;
}

/**
 * The kit's slot for it (issue 54 §3): the kit starts nothing and names no product; the markets
 * product fills it with its flows (markets.flows.ts starts the pair market from the kit's machines
 * and feeds), and its pages, and the trading products' through `withPairMarket`, fetch them. On its
 * own, so that feature.tsx (in the code every page loads) names it without the hooks and machines.
 */
export const TradeContext = createFlowContext<TradeFlows>('Markets');
