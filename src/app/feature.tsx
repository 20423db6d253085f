import { lazy, Suspense, type ComponentType, type Key, type ReactElement, type ReactNode } from 'react';
import { createFlowContext, type FlowContext } from './flowContext';
import type { Services } from './services';
import { PageLoadBoundary, PageLoadError, PageLoading } from './ui/PageLoading';

/**
 * A page a route shows, loaded on demand: its module (and what only it imports) is a chunk of its
 * own, fetched when the route is first shown, or earlier when the router prefetches it (a link to
 * it is hovered, focused or touched, or the route on screen names it as a likely next step).
 */
export interface Page {
  /** The exported component; by convention also its module's file name (bench:bundle finds its chunk by it). */
  name: string;
  /** Starts fetching the page's code, once; safe to call any number of times. */
  preload: () => Promise<unknown>;
  /** The page inside its loading state (the content area keeps its height) and load-failure boundary. */
  element: ReactElement;
}

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;
type PageProps<C> = PropsOf<C> & { key?: Key };
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type PropsArgument<C> = {} extends PropsOf<C> ? [props?: PageProps<C>] : [props: PageProps<C>];

/**
 * The one way a product names a page: `page(() => import('./views/home/HomePage'), 'HomePage')`,
 * with the component's props after the name (`{ kind: 'spot' }`, and `key` to remount per route).
 * Import the view only inside the arrow, never at the top of feature.tsx, or it lands in the
 * chunk every page loads (scripts/bundle/bundle.test.ts and `npm run bench:bundle` show it).
 */
export function page<M, K extends keyof M & string>(load: () => Promise<M>, name: K, ...props: PropsArgument<M[K]>): Page {
  let loading: Promise<M> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw new PageLoadError(error);
    }));
  const Lazy = lazy(async () => ({ default: (await preload())[name] as ComponentType<Record<string, unknown>> }));
  const { key, ...rest } = (props[0] ?? {}) as Record<string, unknown> & { key?: Key };
  return {
    name,
    preload,
    element: (
      <PageLoadBoundary key={key}>
        <Suspense fallback={<PageLoading />}>
          <Lazy {...rest} />
        </Suspense>
      </PageLoadBoundary>
    ),
  };
}

/**
 * A route a product declares. A page is given with `page(...)` (loaded on demand); `element` is
 * only for what must be there at once: a redirect, or a flow spanning several pages (a layout
 * route whose children are pages).
 */
export interface FeatureRoute {
  path?: string;
  index?: boolean;
  page?: Page;
  element?: ReactElement;
  /** Paths a visitor is likely to open next from here: their pages are fetched when the browser is idle. */
  next?: string[];
  children?: FeatureRoute[];
}

/**
 * Where a product's routes go in the site (spec §2). `top`: outside the site layout (/operator);
 * `site`: public pages inside it; `gated`: login-gated pages with their own path; `user`, `wallet`,
 * `order`: pages under the /user, /wallet and /order menus.
 */
export interface FeatureRoutes {
  top?: FeatureRoute[];
  site?: FeatureRoute[];
  gated?: FeatureRoute[];
  user?: FeatureRoute[];
  wallet?: FeatureRoute[];
  order?: FeatureRoute[];
}

/** A tab of the operator interface (/operator) a product adds; its page loads when the tab is shown. */
export interface OperatorDesk {
  id: string;
  /** Catalogue key of the tab's label. */
  label: string;
  page: Page;
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
