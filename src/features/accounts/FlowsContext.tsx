import { createContext, useContext, type ReactNode } from 'react';
import type { loginMachine } from './machines/login/login.machine';
import type { passwordResetMachine } from './machines/passwordReset/passwordReset.machine';
import type { registrationMachine } from './machines/registration/registration.machine';

/**
 * Machines for short-lived flows, already supplied with their effects at the composition root.
 * A page (or a layout route spanning a flow's pages) starts its own actor from them.
 */
export interface Flows {
  login: typeof loginMachine;
  registration: typeof registrationMachine;
  passwordReset: typeof passwordResetMachine;
}

const FlowsContext = createContext<Flows | null>(null);

export function FlowsProvider(props: { flows: Flows; children: ReactNode }) {
  return <FlowsContext.Provider value={props.flows}>{props.children}</FlowsContext.Provider>;
}

export function useFlows(): Flows {
  const flows = useContext(FlowsContext);
  if (!flows) throw new Error('useFlows outside FlowsProvider');
  return flows;
}
