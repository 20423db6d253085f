import { defineFeature, page } from '../../app/feature';
import { OperatorContext } from './operator.context';

/**
 * The operator interface (/operator): its own layout outside the site, its own session, storage
 * keys and API client, so an operator's 403 ends the operator session only, never the trader's.
 * Its tabs are the desks the products declare.
 */
export const operatorFeature = defineFeature({
  id: 'operator',
  context: OperatorContext,
  routes: { top: [{ path: 'operator', page: page(() => import('./views/OperatorLayout'), 'OperatorLayout') }] },
  // The console's own desks (issue 51 §1, §2), after the products' (order 2).
  desks: () => import('./desks').then((m) => m.desks),
  // The session machine and its effects load with /operator (operator.flows.ts).
  load: () => import('./operator.flows'),
});
