import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { OPERATOR } from './tests/e2e/support/operatorSession';

/**
 * Browser tests in Debian's Chromium (Playwright cannot download its own browser here) against the
 * real server on a fresh embedded database. `npm run test:e2e` builds the client first.
 */
const port = Number(process.env.E2E_PORT ?? 8181);
// Debian's headless shell (package chromium-headless-shell, what Playwright itself runs headless)
// where installed: no browser UI in each window, so about half the CPU per new context of the full
// browser's new headless mode, on a 2-core machine where CPU is what the suite waits for.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
// Decided once in the main process and inherited by the workers, so tests can read the server's
// files (the verification-code outbox) in the same data directory.
const dataDir = process.env.E2E_DATA_DIR ?? join(tmpdir(), `openex-e2e-${Date.now()}`);
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'tests/e2e',
  // After the webServer is up: signs the operator in once (2FA is mandatory and a code is good
  // once) and leaves the session for every test (tests/e2e/support/operatorSession.ts).
  globalSetup: './tests/e2e/support/globalSetup.ts',
  // Generous for a busy machine (CI shares it): a test that needs 15 s alone took over 30 s at load
  // average 8–13 while other suites ran. Timeouts only cost time when something is really wrong.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Three files at a time: a test waits on timers, settlements, TOTP steps and pushes, and each works
  // on accounts of its own, so they share the server without touching each other's state. Four were
  // fastest while the CPU had room (the 91 tests of 2026-11-29: 6.9 min with three, 5.8 with four);
  // the 114 of 2026-12-02 keep both cores busy, and there a fourth file only stretches the others:
  // alone on this machine, four workers took 19.7 min and three tests ran out of time (two have more
  // since), three 17.9 min with all passing; each test's own time summed, 69 min against 48.
  workers: 3,
  retries: 0,
  // The journey that mostly waits (for its user's next TOTP step: five codes, three a 30-s step)
  // starts first, so its waits overlap the other files instead of ending the run alone (it ran
  // the last 55 s of a 5.8-min run by itself). Workers take files in this order.
  projects: [
    { name: 'waits', testMatch: 'twoFactor.spec.ts' },
    { name: 'journeys', testIgnore: 'twoFactor.spec.ts' },
  ],
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    // No trace unless E2E_TRACE is set (then a failed test keeps its actions, DOM snapshots and
    // network, without the screencast). Recording one for every test cost about 7 % of the browser
    // phase's CPU (fiat.spec.ts: 173 → 161 CPU-s, the runner's share most), and CI keeps only its
    // console output: a trace there was never read. Reproduce a CI failure locally with E2E_TRACE=1.
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    launchOptions: {
      executablePath: chromium,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic', ...(process.env.E2E_EXTRA_ARGS ?? '').split(' ').filter(Boolean)],
    },
  },
  webServer: {
    command: 'node scripts/serve.mjs',
    url: `http://127.0.0.1:${port}/home`,
    timeout: 180_000,
    reuseExistingServer: false,
    // Not SIGKILL (Playwright's default): the server stops its embedded PostgreSQL on SIGTERM.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The simulated chain's block every second instead of every 2 s: a test's deposit (most tests
      // fund their trader so) is credited after its confirmations in about 3 s instead of 6 s.
      CHAIN_BLOCK_MS: '1000',
      // The environment's operator, its 2FA pre-enrolled (the shell may override all three).
      OPERATOR_ACCOUNT: OPERATOR.account,
      OPERATOR_PASSWORD: OPERATOR.password,
      OPERATOR_TOTP_SECRET: OPERATOR.totpSecret,
    },
  },
});
