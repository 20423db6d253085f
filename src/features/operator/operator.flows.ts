import { OPERATOR_PATHS } from '../../../domain/operators';
import type { Services } from '../../app/services';
import { createOperatorStorage } from '../../services/operatorStorage';
import { createMySecurityActors, createOperatorActors } from './actors/operator.actors';
import { mySecurityMachine } from './machines/mySecurity/mySecurity.machine';
import { ownPasswordMachine } from './machines/ownPassword/ownPassword.machine';
import { operatorSessionMachine } from './machines/operatorSession/operatorSession.machine';
import { provideOperatorDesks } from './desks.flows';

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
      actors: { login: actors.login, secondStep: actors.secondStep, enrol: actors.enrol },
      actions: {
        persist: (_, grant) => stored.write(grant.token, grant.operator),
        clearStored: () => stored.clear(),
        revokeToken: (_, { token }) => {
          if (token) operatorApi.post(OPERATOR_PATHS.logout, {}, undefined, token).catch(() => undefined);
        },
        showToast,
      },
    }),
    { id: 'operatorSession', input: stored.read() },
  );
  bindOperator({
    getToken: () => operatorSession.getSnapshot().context.token,
    // A refusal naming a permission keeps the operator signed in; any other 403 ends the session.
    onForbidden: (message, data) => {
      const permission = (data as { permission?: unknown } | null)?.permission;
      operatorSession.send({ type: 'operator.forbidden', ...(typeof permission === 'string' && permission ? { permission, message } : {}) });
    },
  });
  const security = createMySecurityActors(operatorApi);
  // The "My security" desk's machine, started by its view while shown (operator.hooks.tsx).
  const mySecurity = mySecurityMachine.provide({ actors: { load: security.load, revoke: security.revoke, revokeOthers: security.revokeOthers }, actions: { showToast } });
  const ownPassword = ownPasswordMachine.provide({ actors: { changePassword: security.changePassword }, actions: { showToast } });
  return { operatorSession, mySecurity, ownPassword, ...provideOperatorDesks({ operatorApi, showToast }) };
};
