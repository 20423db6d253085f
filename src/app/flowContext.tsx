import { createContext, useContext, type ReactElement, type ReactNode } from 'react';

/** A React context for what the composition root supplies (machines, long-lived actors), with its provider and hook. */
export interface FlowContext<T> {
  Provider: (props: { value: T; children?: ReactNode }) => ReactElement;
  /** The supplied value; throws outside the provider, so a missing provider is found at once. */
  use: () => T;
}

export function createFlowContext<T>(name: string): FlowContext<T> {
  const Context = createContext<T | null>(null);
  Context.displayName = name;
  return {
    Provider: (props) => <Context.Provider value={props.value}>{props.children}</Context.Provider>,
    use: () => {
      const value = useContext(Context);
      if (value === null) throw new Error(`${name} used outside its provider`);
      return value;
    },
  };
}
