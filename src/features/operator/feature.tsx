import { defineFeature, page } from '../../app/feature';
import { createOperatorStorage } from '../../services/operatorStorage';
import { createOperatorActors } from './actors/operator.actors';
import { operatorSessionMachine } from './machines/operatorSession/operatorSession.machine';
import { OperatorContext } from './operator.hooks';

/**
 * The operator interface (/operator): its own layout outside the site, its own session, storage
 * keys and API client, so an operator's 403 ends the operator session only, never the trader's.
 * Its tabs are the desks the products declare.
 */
export const operatorFeature = defineFeature({
  id: 'operator',
  context: OperatorContext,
  routes: { top: [{ path: 'operator', page: page(() => import('./views/OperatorLayout'), 'OperatorLayout') }] },
  provide: ({ operatorApi, bindOperator, store, showToast, start }) => {
    const stored = createOperatorStorage(store);
    const actors = createOperatorActors(operatorApi);
    const operatorSession = start(
      operatorSessionMachine.provide({
        actors: { login: actors.login },
        actions: {
          persist: (_, grant) => stored.write(grant.token, grant.operator),
          clearStored: () => stored.clear(),
          revokeToken: (_, { token }) => {
            if (token) operatorApi.post('/api/operator/logout', {}, undefined, token).catch(() => undefined);
          },
          showToast,
        },
      }),
      { id: 'operatorSession', input: stored.read() },
    );
    bindOperator({ getToken: () => operatorSession.getSnapshot().context.token, onForbidden: () => operatorSession.send({ type: 'operator.forbidden' }) });
    return { operatorSession };
  },
});
