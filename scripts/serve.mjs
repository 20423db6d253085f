// `npm start`'s server: the bundle of server/main.ts (scripts/build-server.mjs, built here when the
// sources changed), run in this process with stack traces mapped back to the TypeScript sources.
import { pathToFileURL } from 'node:url';
import { serverEntry } from './build-server.mjs';

process.setSourceMapsEnabled(true);
await import(pathToFileURL(await serverEntry()).href);
