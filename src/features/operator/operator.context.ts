import { createFlowContext } from '../../app/flowContext';
import type { OperatorFlows } from './operator.hooks';

/** The product's context on its own, so that feature.tsx names it without the session machine (which loads with /operator). */
export const OperatorContext = createFlowContext<OperatorFlows>('Operator');
