import type { Services } from '../../app/services';
import { createOperatorStorage } from '../../services/operatorStorage';
import { createOperatorActors } from './actors/operator.actors';
import { operatorSessionMachine } from './machines/operatorSession/operatorSession.machine';

/**
 * The operator session with its effects, supplied from the shared services when /operator first
 * loads (defineFeature's `load`). It binds the operator API client to itself then: every caller of
 * that client is an operator desk, which renders inside the operator layout, so after this ran.
 */
export const provide = ({ operatorApi, bindOperator, store, showToast, start }: Services) => {
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
};
