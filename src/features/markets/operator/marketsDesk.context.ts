import { createFlowContext } from '../../../app/flowContext';
import type { MarketsDeskFlows } from './marketsDesk.flows';

/** The markets desk's context on its own, so that its feature (in the code every page loads) names it without the machine. */
export const MarketsDeskContext = createFlowContext<MarketsDeskFlows>('MarketsDesk');
