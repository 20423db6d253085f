import { listRoutes } from '../../src/app/routeList';
import { buildRoutes } from '../../src/app/routes';
import { FEATURES } from '../../src/features';

/** Every address of the app's route table (loaded by Vite: see routeTable.ts). */
export const routeEntries = () => listRoutes(buildRoutes(FEATURES));
