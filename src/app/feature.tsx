import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { createFlowContext, type FlowContext } from './flowContext';
import type { Services } from './services';

/**
 * Where a product's routes go in the site (spec §2). `top`: outside the site layout (/operator);
 * `site`: public pages inside it; `gated`: login-gated pages with their own path; `user`, `wallet`,
 * `order`: pages under the /user, /wallet and /order menus.
 */
export interface FeatureRoutes {
  top?: RouteObject[];
  site?: RouteObject[];
  gated?: RouteObject[];
  user?: RouteObject[];
  wallet?: RouteObject[];
  order?: RouteObject[];
}

/** A tab of the operator interface (/operator) a product adds. */
export interface OperatorDesk {
  id: string;
  /** Catalogue key of the tab's label. */
  label: string;
  element: ReactNode;
}

/** A product once its effects are supplied: it wraps the app in its provider. */
export interface ProvidedFeature {
  id: string;
  desks: OperatorDesk[];
  wrap: (children: ReactNode) => ReactNode;
}

/** Every product's operator desks, for the operator interface's tabs. */
export const OperatorDesksContext = createFlowContext<OperatorDesk[]>('OperatorDesks');

/** A product module of the browser app: src/features/<id>/feature.ts, listed once in src/features/index.ts. */
export interface Feature {
  id: string;
  routes: FeatureRoutes;
  desks?: OperatorDesk[];
  provide: (services: Services) => ProvidedFeature;
}

/**
 * Declares a product: its routes, and `provide`, which supplies its machines with their effects
 * from the shared services (the only place a product meets I/O). What `provide` returns reaches
 * the product's views through `context` (made with createFlowContext).
 */
export function defineFeature<Flows>(definition: {
  id: string;
  routes: FeatureRoutes;
  desks?: OperatorDesk[];
  context: FlowContext<Flows>;
  provide: (services: Services) => Flows;
}): Feature {
  const { context, provide, ...rest } = definition;
  return {
    ...rest,
    provide: (services) => {
      const flows = provide(services);
      return { id: definition.id, desks: definition.desks ?? [], wrap: (children) => <context.Provider value={flows}>{children}</context.Provider> };
    },
  };
}

/** Every provided product's provider around the app, in list order: the one provider main.tsx mounts. */
export function FeatureProviders(props: { features: ProvidedFeature[]; children: ReactNode }) {
  const desks = props.features.flatMap((feature) => feature.desks);
  return <OperatorDesksContext.Provider value={desks}>{props.features.reduceRight((children, feature) => feature.wrap(children), props.children)}</OperatorDesksContext.Provider>;
}
