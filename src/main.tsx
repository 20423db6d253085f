/**
 * Composition root: builds the shared services (I/O adapters and the app shell's actors), has
 * every product supply its machines from them (src/features/index.ts), mounts one provider and
 * the routes the products declare. Nothing below this file creates a service.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installPrefetch } from './app/prefetch';
import { createRouterLink } from './app/routerLink';
import { buildRoutes } from './app/routes';
import { createServices } from './app/services';
import { AppProviders } from './app/views/AppProviders';
import { InspectorPanel } from './app/views/InspectorPanel';
import { Root } from './app/views/Root';
import { FEATURES } from './features';
import { createInspector } from './inspection';

async function main() {
  const router = createRouterLink(buildRoutes(FEATURES));
  // The page at this address starts loading now, beside the app's startup; likely next pages follow.
  installPrefetch(router);
  const { inspect, local } = await createInspector(window.location.search);
  const services = await createServices({ navigate: router.navigate, inspect });
  const features = FEATURES.map((feature) => feature.provide(services));

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders services={services} features={features}>
        <Root router={router} />
        {local && <InspectorPanel inspector={local} />}
      </AppProviders>
    </StrictMode>,
  );
}

void main();
