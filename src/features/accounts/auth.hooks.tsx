import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import type { LoginFields } from './machines/login/login.machine';
import type { PasswordResetActorRef, ResetFields } from './machines/passwordReset/passwordReset.machine';
import type { AccountFields, DetailFields, RegistrationActorRef } from './machines/registration/registration.machine';
import { useFlows } from './FlowsContext';

/** The login page's own actor. */
export function useLoginFlow() {
  const actor = useActorRef(useFlows().login);
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const submit = useMemo(() => (fields: LoginFields) => actor.send({ type: 'login.submit', fields }), [actor]);
  return { submitting, submit };
}

const RegistrationContext = createContext<RegistrationActorRef | null>(null);
const ResetContext = createContext<PasswordResetActorRef | null>(null);

/** Layout route around /reg and /reg-next: one registration actor for both steps. */
export function RegistrationFlow(props: { children?: ReactNode }) {
  const actor = useActorRef(useFlows().registration);
  return <RegistrationContext.Provider value={actor}>{props.children ?? <Outlet />}</RegistrationContext.Provider>;
}

/** Layout route around /forget-pass and /set-pass. */
export function PasswordResetFlow(props: { children?: ReactNode }) {
  const actor = useActorRef(useFlows().passwordReset);
  return <ResetContext.Provider value={actor}>{props.children ?? <Outlet />}</ResetContext.Provider>;
}

export function useRegistrationFlow() {
  const actor = useContext(RegistrationContext);
  if (!actor) throw new Error('useRegistrationFlow outside RegistrationFlow');
  const state = {
    sendingCode: useSelector(actor, (s) => s.matches({ flow: 'sendingCode' })),
    checking: useSelector(actor, (s) => s.matches({ flow: 'checkingCode' })),
    atDetails: useSelector(actor, (s) => s.matches({ flow: 'details' }) || s.matches({ flow: 'submitting' })),
    submitting: useSelector(actor, (s) => s.matches({ flow: 'submitting' })),
    resendIn: useSelector(actor, (s) => s.context.resendIn),
    account: useSelector(actor, (s) => s.context.account),
  };
  const send = useMemo(
    () => ({
      sendCode: (fields: AccountFields) => actor.send({ type: 'reg.sendCode', fields }),
      checkCode: (fields: AccountFields & { code: string }) => actor.send({ type: 'reg.checkCode', fields }),
      submit: (fields: DetailFields) => actor.send({ type: 'reg.submit', fields }),
      back: () => actor.send({ type: 'reg.back' }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

export function usePasswordResetFlow() {
  const actor = useContext(ResetContext);
  if (!actor) throw new Error('usePasswordResetFlow outside PasswordResetFlow');
  const state = {
    sendingCode: useSelector(actor, (s) => s.matches({ flow: 'sendingCode' })),
    atNewPassword: useSelector(actor, (s) => s.matches({ flow: 'newPassword' }) || s.matches({ flow: 'resetting' })),
    resetting: useSelector(actor, (s) => s.matches({ flow: 'resetting' })),
    resendIn: useSelector(actor, (s) => s.context.resendIn),
    account: useSelector(actor, (s) => s.context.account),
  };
  const send = useMemo(
    () => ({
      sendCode: (fields: AccountFields) => actor.send({ type: 'reset.sendCode', fields }),
      submit: (fields: ResetFields) => actor.send({ type: 'reset.submit', fields }),
      back: () => actor.send({ type: 'reset.back' }),
    }),
    [actor],
  );
  return { ...state, ...send };
}
