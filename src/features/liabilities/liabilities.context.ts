import { createFlowContext } from '../../app/flowContext';
import type { LiabilitiesFlows } from './liabilities.hooks';

/**
 * The product's context on its own, so that feature.tsx (in the code every page loads) names it
 * without pulling in the hooks, and through them the machines, which load with the page.
 */
export const LiabilitiesContext = createFlowContext<LiabilitiesFlows>('Liabilities');
