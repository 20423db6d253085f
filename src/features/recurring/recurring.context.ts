import { createFlowContext } from '../../app/flowContext';
import type { RecurringFlows } from './recurring.hooks';

/** The product's context on its own: feature.tsx names it without pulling in the machines, which load with the page. */
export const RecurringContext = createFlowContext<RecurringFlows>('Recurring');
