import { createFlowContext } from '../../app/flowContext';
import type { ConvertFlows } from './convert.hooks';

/** The product's context on its own: feature.tsx names it without pulling in the machines, which load with the page. */
export const ConvertContext = createFlowContext<ConvertFlows>('Convert');
