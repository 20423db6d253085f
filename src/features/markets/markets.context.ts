import { createFlowContext } from '../../app/flowContext';
import type { MarketsFlows } from './markets.hooks';

/**
 * The product's context on its own, so that feature.tsx (in the code every page loads) names it
 * without pulling in the hooks, and through them the machines, which load with the pages.
 */
export const MarketsContext = createFlowContext<MarketsFlows>('Markets');
