/**
 * Composition root: builds the shared services (I/O adapters and the app shell's actors), has
 * every product supply its machines from them (src/features/index.ts), mounts one provider and
 * the routes the products declare. Nothing below this file creates a service.
 */
// First, and a chunk of its own: the startup's public reads leave before the framework is evaluated.
import './services/startupRequests';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { selectIsShown } from './app/machines/app/app.selectors';
import { installPrefetch } from './app/prefetch';
import { createRouterLink } from './app/routerLink';
import { tickChannelsOf } from './app/feature';
import { buildRoutes } from './app/routes';
import { createServices } from './app/services';
import { AppProviders } from './app/views/AppProviders';
import { Root } from './app/views/Root';
import { FEATURES } from './features';
import type { createInspector } from './inspection';

/** The offline inspector's panel, fetched only with ?inspect=local. */
const InspectorPanel = lazy(async () => ({ default: (await import('./app/views/InspectorPanel')).InspectorPanel }));

/** The XState inspector is a dev flag (?inspect, see README): its code is fetched only when asked for. */
async function inspection(search: string): ReturnType<typeof createInspector> {
  if (!new URLSearchParams(search).has('inspect')) return {};
  return (await import('./inspection')).createInspector(search);
}

async function main() {
  const router = createRouterLink(buildRoutes(FEATURES));
  // The page at this address starts loading now, beside the app's startup; likely next pages
  // follow once the app is shown with its first prices (spec §4: after the startup loads).
  let firstScreen!: () => void;
  installPrefetch(router, new Promise<void>((resolve) => (firstScreen = resolve)));
  const { inspect, local } = await inspection(window.location.search);
  const services = await createServices({ navigate: router.navigate, inspect, tickChannels: tickChannelsOf(FEATURES) });
  // Not shown yet here: spec §9's 500 ms after the startup loads are still ahead.
  const watch = services.shell.app.subscribe((snapshot) => {
    if (!selectIsShown(snapshot)) return;
    watch.unsubscribe();
    firstScreen();
  });
  const features = FEATURES.map((feature) => feature.provide(services));

  const container = document.getElementById('root')!;
  // The first screen the server wrote into the page (prices, a book), kept as the splash (Root.tsx).
  const firstPaint = container.innerHTML || undefined;
  createRoot(container).render(
    <StrictMode>
      <AppProviders services={services} features={features}>
        <Root router={router} firstPaint={firstPaint} />
        {local && (
          <Suspense fallback={null}>
            <InspectorPanel inspector={local} />
          </Suspense>
        )}
      </AppProviders>
    </StrictMode>,
  );
}

void main();
