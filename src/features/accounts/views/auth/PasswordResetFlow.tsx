import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { ResetContext, usePasswordResetActor } from '../../accounts.hooks';

/** Layout route around /forget-pass and /set-pass: one reset actor for both steps. */
export function PasswordResetFlow(props: { children?: ReactNode }) {
  const actor = usePasswordResetActor();
  return <ResetContext.Provider value={actor}>{props.children ?? <Outlet />}</ResetContext.Provider>;
}
