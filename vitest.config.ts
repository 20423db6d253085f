import { defineConfig } from 'vitest/config';

/** Unit files that replace a module with vi.mock: each keeps a module graph of its own. */
export const MOCKING_FILES = ['src/services/socket.test.ts', 'src/app/feature.test.tsx', 'src/features/treasury/views/TreasuryDesk.test.tsx'];

// Four projects so each suite can run on its own: `vitest run --project server` is what CI
// repeats against PostgreSQL (DATABASE_URL) after the default embedded run.
export default defineConfig({
  test: {
    // Three files at a time in the unit, model and server projects, on a machine of two cores.
    // Server files each have their own database (a PGlite copy, or a schema on PostgreSQL), so any
    // can run side by side, and they mostly wait on it: with two workers the server project kept
    // one worker idle about half its span (2026-12-05: 594 s of file time in a 569-s span), and with
    // three it took 440 s instead, the machine then 95 % busy and every test passing. The system
    // project runs after them on two (below).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'domain/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: [...MOCKING_FILES, '**/node_modules/**'],
          environment: 'node',
          // A view test's first render under a busy machine (a CI run beside other work) took 3–5 s
          // of vitest's default 5: a bound that trips on load, not on a defect, is a flaky test.
          testTimeout: 15_000,
          // The files of a worker share its module graph, as the server suite's do: each file
          // imported React, the kit and its feature anew (import 104 s and environment 35 s of a
          // 277 s run of this project and the model's; 25 s and 20 s of 60 s shared). The files
          // that replace a module with vi.mock run apart, in unit-mocks.
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-mocks',
          include: MOCKING_FILES,
          environment: 'node',
        },
      },
      {
        test: {
          name: 'model',
          include: ['tests/model/**/*.test.{ts,tsx}'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'tests/server/**/*.test.ts'],
          // SERVER_SUITE_DATABASE_URL: this suite alone on that PostgreSQL (each file in its own
          // schema) while the system suite keeps its embedded database — how CI runs `npm test`
          // once instead of the server suite twice (on PGlite, then on PostgreSQL).
          ...(process.env.SERVER_SUITE_DATABASE_URL ? { env: { DATABASE_URL: process.env.SERVER_SUITE_DATABASE_URL } } : {}),
          // One migrated, seeded database per run (a PGlite dump, or a template database on PostgreSQL), copied by each file.
          globalSetup: ['tests/server/databaseTemplate.global.ts'],
          // Passwords hashed at a test cost (the file says why); a server always hashes at full cost.
          setupFiles: ['tests/server/cheapPasswordHashes.setup.ts'],
          environment: 'node',
          // The files of a worker share its module graph: each server file imported the whole
          // server anew (about 2 s a file, 200 s of a run summed; 14 s now). Safe because every file
          // opens its own database and app and closes them (testDb.ts), and none mocks a module.
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        // The real server as a child process on its embedded database: the property test and the
        // kill -9 crash test (issue 5). Slow by nature, so their own project and timeouts.
        test: {
          name: 'system',
          include: ['tests/system/**/*.test.ts'],
          environment: 'node',
          // Each file starts whole servers and kills them (the crash tests): two at a time, for the
          // two cores their timing bounds assume, in a group of their own after the other projects
          // (vitest runs groups one after another; projects with their own worker count need one).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
