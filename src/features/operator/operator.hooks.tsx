import { useActorRef } from '@xstate/react';
import { useActorFlow, signals } from '../../app/views/actorFlow';
import { OperatorContext } from './operator.context';
import type { OperatorSessionActorRef } from './machines/operatorSession/operatorSession.machine';
import type { mySecurityMachine } from './machines/mySecurity/mySecurity.machine';
import type { ownPasswordMachine, OwnPasswordFields } from './machines/ownPassword/ownPassword.machine';
import type { OperatorDeskFlows } from './desks.flows';

/** The operator interface's own session (own storage keys and API client), started in operator.flows.ts. */
export interface OperatorFlows extends OperatorDeskFlows {
  operatorSession: OperatorSessionActorRef;
  /** "My security" (provided, not started: its view starts it while shown); operator.flows.ts always gives it. */
  mySecurity?: typeof mySecurityMachine;
  /** "My security"'s password form (provided, started by its view); operator.flows.ts always gives it. */
  ownPassword?: typeof ownPasswordMachine;
}

/**
 * The session and its sign-in steps: `step` is what the login page asks — the password, the
 * code of the second step, the enrolment (QR code, secret, first code), or the recovery codes
 * shown once — and `busy` while a step is with the server.
 */
export function useOperatorSession() {
  return useActorFlow(
    OperatorContext.use().operatorSession,
    {
      signedIn: (s) => s.matches('signedIn'),
      loggingIn: (s) => s.matches('loggingIn'),
      step: (s): 'password' | 'code' | 'enrol' | 'recovery' =>
        s.matches('secondStep') || s.matches('verifying') ? 'code' : s.matches('enrolling') || s.matches('confirming') ? 'enrol' : s.matches('recoveryCodes') ? 'recovery' : 'password',
      busy: (s) => s.matches('loggingIn') || s.matches('verifying') || s.matches('confirming'),
      enrolment: (s) => s.context.enrolment,
      recoveryCodes: (s) => s.context.recoveryCodes,
      operator: (s) => s.context.operator,
    },
    {
      login: (fields: { account: string; password: string }) => ({ type: 'operator.login', fields }),
      submitCode: (code: string, newPassword?: string) => ({ type: 'operator.code', code, ...(newPassword === undefined ? {} : { newPassword }) }),
      ...signals('operator', ['cancel', 'recoverySaved', 'signOut']),
    },
  );
}

/** "My security": the operator's sessions (end one, or all others, after a question) and sign-in history. */
export function useMySecurity() {
  const machine = OperatorContext.use().mySecurity;
  if (!machine) throw new Error('operator.flows.ts provides mySecurity');
  const actor = useActorRef(machine);
  return useActorFlow(
    actor,
    {
      sessions: (s) => s.context.sessions,
      signIns: (s) => s.context.signIns,
      loading: (s) => s.matches('loading'),
      failed: (s) => s.matches('failed'),
      busy: (s) => s.matches('revokingOne') || s.matches('revokingOthers'),
      /** The question open: one session's id, 'others', or undefined. */
      question: (s) => (s.matches('confirming') ? (s.context.target ?? 'others') : undefined),
    },
    {
      ...signals('security', ['reload', 'revokeOthers', 'confirm', 'dismiss']),
      page: (page: number) => ({ type: 'security.page', page }),
      revoke: (id: number) => ({ type: 'security.revoke', id }),
    },
  );
}

/** "My security": the operator's own password — the current one, the new one and its own code. */
export function useOwnPassword() {
  const machine = OperatorContext.use().ownPassword;
  if (!machine) throw new Error('operator.flows.ts provides ownPassword');
  const actor = useActorRef(machine);
  return useActorFlow(
    actor,
    { sending: (s) => s.matches('sending'), refusal: (s) => s.context.refusal, changed: (s) => s.context.changed },
    { submit: (fields: OwnPasswordFields) => ({ type: 'ownPassword.submit', fields }) },
  );
}
