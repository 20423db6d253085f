import { createContext, use, useContext, type ReactElement, type ReactNode } from 'react';

/**
 * A value supplied on first use: a product whose machines load with its pages (defineFeature's
 * `load`) provides this instead of its flows. `promise` answers the same promise until it fails,
 * so React's `use` can suspend on it; after a failure the next call tries again.
 */
export class LazyValue<T> {
  private pending: Promise<T> | undefined;

  constructor(private readonly make: () => Promise<T>) {}

  promise(): Promise<T> {
    this.pending ??= this.make().catch((error: unknown) => {
      this.pending = undefined;
      throw error;
    });
    return this.pending;
  }
}

/** A React context for what the composition root supplies (machines, long-lived actors), with its provider and hook. */
export interface FlowContext<T> {
  Provider: (props: { value: T | LazyValue<T>; children?: ReactNode }) => ReactElement;
  /**
   * The supplied value; throws outside the provider, so a missing provider is found at once. A
   * lazily supplied value suspends the caller until it has loaded (pages render inside Suspense).
   */
  use: () => T;
}

export function createFlowContext<T>(name: string): FlowContext<T> {
  const Context = createContext<T | LazyValue<T> | null>(null);
  Context.displayName = name;
  return {
    Provider: (props) => <Context.Provider value={props.value}>{props.children}</Context.Provider>,
    use: () => {
      const value = useContext(Context);
      if (value === null) throw new Error(`${name} used outside its provider`);
      return value instanceof LazyValue ? use(value.promise()) : value;
    },
  };
}
