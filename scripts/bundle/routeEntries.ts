import { matchRoutes } from 'react-router-dom';
import { listRoutes } from '../../src/app/routeList';
import type { RouteHandle } from '../../src/app/routes';
import { buildRoutes } from '../../src/app/routes';
import { FEATURES } from '../../src/features';

/**
 * Every address of the app's route table (loaded by Vite: see routeTable.ts), and whether its pages
 * are all the shell's (`shellPage`: they load neither the rest of English nor a product's flows).
 */
export const routeEntries = () => {
  const routes = buildRoutes(FEATURES);
  return listRoutes(routes).map((entry) => ({
    ...entry,
    shell: (matchRoutes(routes, entry.path) ?? []).every((match) => {
      const page = (match.route.handle as RouteHandle | undefined)?.page;
      return !page || page.shell === true;
    }),
  }));
};
