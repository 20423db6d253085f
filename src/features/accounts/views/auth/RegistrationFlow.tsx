import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { RegistrationContext, useRegistrationActor } from '../../accounts.hooks';

/** Layout route around /reg and /reg-next: one registration actor for both steps. */
export function RegistrationFlow(props: { children?: ReactNode }) {
  const actor = useRegistrationActor();
  return <RegistrationContext.Provider value={actor}>{props.children ?? <Outlet />}</RegistrationContext.Provider>;
}
