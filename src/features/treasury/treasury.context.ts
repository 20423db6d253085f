import { createFlowContext } from '../../app/flowContext';
import type { TreasuryFlows } from './treasury.flows';

/** The treasury desk's context on its own, so that its feature (in the code every page loads) names it without the machine. */
export const TreasuryContext = createFlowContext<TreasuryFlows>('Treasury');
