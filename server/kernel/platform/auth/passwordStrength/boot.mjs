// Starts worker.ts where the server runs from its TypeScript sources (tests, tsx): a worker thread
// does not inherit the parent's loader, so it loads tsx's itself. The bundle runs its built worker.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
