import { Suspense, use, type ComponentType, type Key, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Pair } from '../../domain/api';
import { SCRIPT_CHUNK_TIMEOUT_MS } from '../../domain/constants';
import type { OperatorPermission } from '../../domain/operators';
import { loadEnglishRest } from '../locales';
import { completeCatalogue, hasWholeCatalogue } from '../services/i18n';
import { createFlowContext, LazyValue, type FlowContext } from './flowContext';
import type { MenuEntry } from './layout/navigation';
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
  /** A page that needs only what the shell has (shellPage): no product flows, no catalogue beyond the shell's. */
  shell?: true;
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
 * The page shows once the whole catalogue is here too (English beyond the shell's texts is
 * fetched with the first such page; its prefetch starts that fetch as well).
 */
export function page<M, K extends keyof M & string>(load: () => Promise<M>, name: K, ...props: PropsArgument<M[K]>): Page {
  return makePage(load, name, props[0], true);
}

/**
 * A page that needs only what the shell has: every text in the shell catalogue
 * (src/locales/<locale>.json) and its state in the shell's actors. It shows without waiting for
 * the rest of English, and its product's flows are not fetched with it. Home only, so that /home
 * needs nothing beyond the bundle and its own chunk.
 */
export function shellPage<M, K extends keyof M & string>(load: () => Promise<M>, name: K, ...props: PropsArgument<M[K]>): Page {
  return { ...makePage(load, name, props[0], false), shell: true };
}

/** Page code that has not arrived within spec §9's script chunk timeout has failed: the page offers a reload. */
function withinChunkTimeout<M>(loading: Promise<M>): Promise<M> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no page code within ${SCRIPT_CHUNK_TIMEOUT_MS / 1000} s`)), SCRIPT_CHUNK_TIMEOUT_MS);
  });
  return Promise.race([loading, late]).finally(() => clearTimeout(timer));
}

function makePage<M>(load: () => Promise<M>, name: string, props: object | undefined, wholeCatalogue: boolean): Page {
  let loading: Promise<M> | undefined;
  let loaded: M | undefined;
  const fetchPage = () =>
    (loading ??= withinChunkTimeout(load()).then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw new PageLoadError(error);
      },
    ));
  const preload = wholeCatalogue ? () => Promise.all([fetchPage(), loadEnglishRest().catch(() => undefined)]) : fetchPage;
  // Not React.lazy: a chunk already here (prefetched, as the opened address's page is) renders in
  // the same pass, without a round through the loading state; one still on its way suspends.
  function PageContent(contentProps: Record<string, unknown>) {
    const Component = (loaded ?? use(fetchPage()))[name as keyof M] as ComponentType<Record<string, unknown>>;
    return <Component {...contentProps} />;
  }
  PageContent.displayName = name;
  const { key, ...rest } = (props ?? {}) as Record<string, unknown> & { key?: Key };
  const content = <PageContent {...rest} />;
  return {
    name,
    preload,
    element: (
      <PageLoadBoundary key={key}>
        <Suspense fallback={<PageLoading />}>{wholeCatalogue ? <WholeCatalogue>{content}</WholeCatalogue> : content}</Suspense>
      </PageLoadBoundary>
    ),
  };
}

/** Holds its page in the loading state until the rest of English has been added (services/i18n.ts). */
function WholeCatalogue(props: { children: ReactNode }) {
  const { i18n } = useTranslation();
  if (!hasWholeCatalogue(i18n)) use(completeCatalogue(i18n));
  return props.children;
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
  /** Its link in its slot's menu (site and gated: the header; user, wallet, order: their menus), see app/layout/navigation.ts. */
  menu?: MenuEntry;
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
  /**
   * What the desk reads with (domain/operators.ts): the console shows the tab only to an operator
   * whose roles grant it. A convenience: the server checks every call's own permission.
   */
  permission: OperatorPermission;
  /**
   * Where the tab goes: desks are shown by this number (default 0), then in product order. The
   * identity review stays the landing desk; a desk used rarely (the users desk) says 1 to go last.
   */
  order?: number;
}

/**
 * A product's operator desks, fetched with the console only (its `desks.ts`): the declarations and
 * their pages' chunk lists are not on the site's first page.
 */
export type DeskList = () => Promise<OperatorDesk[]>;

/** A product once its effects are supplied: it wraps the app in its provider. */
export interface ProvidedFeature {
  id: string;
  desks: DeskList;
  wrap: (children: ReactNode) => ReactNode;
}

/** Every product's operator desks, for the operator interface's tabs. */
export const OperatorDesksContext = createFlowContext<OperatorDesk[]>('OperatorDesks');

const noDesks: DeskList = () => Promise.resolve([]);

/** A product module of the browser app: src/features/<id>/feature.ts, listed once in src/features/index.ts. */
export interface Feature {
  id: string;
  routes: FeatureRoutes;
  desks?: DeskList;
  /**
   * The tick channels of a listed pair the app keeps from startup (the home page's and the markets
   * lists' prices): spot its market's, futures its contract's; none for a pair it does not trade.
   */
  tickers?: (pair: Pair) => string[];
  provide: (services: Services) => ProvidedFeature;
}

/** Every product's tick channels for a pair list (the app machine's `tickChannels`): product by product, pair by pair. */
export function tickChannelsOf(features: ReadonlyArray<Pick<Feature, 'tickers'>>): (pairs: readonly Pair[]) => string[] {
  return (pairs) => features.flatMap((feature) => (feature.tickers ? pairs.flatMap(feature.tickers) : []));
}

/**
 * Declares a product: its routes, and `provide`, which supplies its machines with their effects
 * from the shared services (the only place a product meets I/O). What `provide` returns reaches
 * the product's views through `context` (made with createFlowContext).
 *
 * `load` instead of `provide` keeps the product's machines and actors out of the code every page
 * loads: `load: () => import('./<product>.flows')`, a module whose `provide` is the same function.
 * It is fetched with the product's first page (beside the page's own chunk, when the page is
 * prefetched or opened) and its flows are made once; until then the views' hooks suspend inside
 * the page's loading state. A shell part that reads the context renders it in a Suspense of its own
 * (the header bell reads support's notifications).
 */
export function defineFeature<Flows>(
  definition: {
    id: string;
    routes: FeatureRoutes;
    desks?: DeskList;
    tickers?: (pair: Pair) => string[];
    context: FlowContext<Flows>;
  } & ({ provide: (services: Services) => Flows; load?: never } | { load: () => Promise<{ provide: (services: Services) => Flows }>; provide?: never }),
): Feature {
  const { context, provide, load, ...rest } = definition;
  if (provide) {
    return {
      ...rest,
      provide: (services) => {
        const flows = provide(services);
        return { id: definition.id, desks: definition.desks ?? noDesks, wrap: (children) => <context.Provider value={flows}>{children}</context.Provider> };
      },
    };
  }
  // The flows' module is fetched once, with whichever of the product's pages comes first: a page's
  // prefetch starts it too (even before the services exist), so opening a page is one round of
  // fetching, not the page and then its flows.
  let module: Promise<{ provide: (services: Services) => Flows }> | undefined;
  const fetchModule = () =>
    (module ??= load!().catch((error: unknown) => {
      module = undefined;
      throw error;
    }));
  const withFlows = (page: Page): Page => (page.shell ? page : { ...page, preload: () => Promise.all([page.preload(), fetchModule()]) });
  const routes = mapPages(definition.routes, withFlows);
  const declared = definition.desks;
  const desks: DeskList = declared ? async () => (await declared()).map((desk) => ({ ...desk, page: withFlows(desk.page) })) : noDesks;
  return {
    ...rest,
    routes,
    desks,
    provide: (services) => {
      const value = new LazyValue(async () => (await fetchModule()).provide(services));
      return { id: definition.id, desks, wrap: (children) => <context.Provider value={value}>{children}</context.Provider> };
    },
  };
}

/** The same routes with `change` applied to every page, at any depth. */
function mapPages(routes: FeatureRoutes, change: (page: Page) => Page): FeatureRoutes {
  const map = (list: FeatureRoute[] | undefined): FeatureRoute[] | undefined =>
    list?.map((route) => ({ ...route, ...(route.page ? { page: change(route.page) } : {}), ...(route.children ? { children: map(route.children) } : {}) }));
  return Object.fromEntries(Object.entries(routes).map(([slot, list]) => [slot, map(list as FeatureRoute[])])) as FeatureRoutes;
}

/** Every provided product's provider around the app, in list order: the one provider main.tsx mounts. */
export function FeatureProviders(props: { features: ProvidedFeature[]; children: ReactNode }) {
  const desks = consoleDesks(props.features);
  return <OperatorDesksContext.Provider value={desks}>{props.features.reduceRight((children, feature) => feature.wrap(children), props.children)}</OperatorDesksContext.Provider>;
}

const desksOf = new WeakMap<ProvidedFeature[], LazyValue<OperatorDesk[]>>();

/** Every product's desks in their order, fetched once when the console first reads them (it suspends meanwhile). */
function consoleDesks(features: ProvidedFeature[]): LazyValue<OperatorDesk[]> {
  let desks = desksOf.get(features);
  if (!desks) {
    desks = new LazyValue(async () => (await Promise.all(features.map((feature) => feature.desks()))).flat().sort((a, b) => (a.order ?? 0) - (b.order ?? 0)));
    desksOf.set(features, desks);
  }
  return desks;
}
