/**
 * The client's bundle budget: builds the client (with the manifest) into a temporary folder and
 * checks what /home loads, gzip. `npm run bench:bundle` prints the same figures for every route.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../../src/app/routeList';
import { buildRoutes } from '../../src/app/routes';
import { FEATURES } from '../../src/features';
import { kb, readManifest, routeLoads } from './report';

/**
 * /home's JavaScript, gzip: 418.7 KB in one chunk before code splitting; 219.5 KB after it, 225.8 KB
 * once the seconds and ICO products and the phone menu arrived, 233.8 KB with P2P fiat and futures
 * provided at startup; 225.0 KB once ICO, seconds, fiat and futures load their machines with their
 * pages (defineFeature's `load`); 201.1 KB once wallet, KYC and spot do too (yup went with their
 * forms). The ratchet fails any change that puts more on the first page; lower it as the figure
 * falls. The goal is 150 KB (see the todo below): what is left is mostly the libraries every
 * page needs (react-dom about 65 KB, styled-components 31, react-router 29, xstate 10) and the
 * accounts, markets and support machines the header and home page use.
 */
const HOME_BUDGET = 203 * 1024;
const HOME_GOAL = 150 * 1024;

const root = resolve(import.meta.dirname, '../..');
let distDir: string;
let loads: ReturnType<typeof routeLoads>['routes'];

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'openex-bundle-test-'));
  // vitest runs with NODE_ENV=test, which would build React's development code: build as `npm start` does.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, mode: 'production', logLevel: 'silent', build: { outDir: distDir, emptyOutDir: true, sourcemap: false } });
  } finally {
    process.env.NODE_ENV = previous;
  }
  loads = routeLoads(distDir, listRoutes(buildRoutes(FEATURES)).filter((r) => !r.redirect)).routes;
}, 120_000);

afterAll(() => rmSync(distDir, { recursive: true, force: true }));

describe('bundle (what a route loads)', () => {
  it(`/home loads at most ${kb(HOME_BUDGET)} of JavaScript, gzip`, () => {
    const home = loads.find((l) => l.route.path === '/home')!;
    expect(home, 'no /home route').toBeDefined();
    const detail = home.files.map((f) => `${f.file} ${kb(f.gzip)}`).join(', ');
    expect(home.total.gzip, `/home loads ${kb(home.total.gzip)}: ${detail}`).toBeLessThanOrEqual(HOME_BUDGET);
  });

  it.todo(`/home loads at most ${kb(HOME_GOAL)} (issue 12's goal; needs the products' machines out of the entry)`);

  it('every page is a chunk of its own, out of the entry (no view imported at the top of a feature.tsx)', () => {
    const manifest = readManifest(distDir);
    for (const load of loads) {
      if (load.route.pages.length === 0) continue;
      expect(load.own.length, `${load.route.pattern} adds no chunk of its own`).toBeGreaterThan(0);
    }
    const entry = Object.values(manifest).find((c) => c.isEntry)!;
    const entryCode = readFileSync(join(distDir, entry.file), 'utf8');
    // The chart library is the trade page's alone.
    expect(entryCode.includes('klinecharts')).toBe(false);
  });

  it('the build has the manifest and every language but English as a chunk of its own', () => {
    const manifest = readManifest(distDir);
    const locales = Object.keys(manifest).filter((k) => /^src\/locales\/[a-z]{2}_[A-Z]{2}\.json$/.test(k));
    expect(locales.sort()).toEqual(['de_DE', 'es_ES', 'fr_FR', 'ja_JP', 'ko_KR', 'ru_RU', 'tr_TR', 'zh_TW'].map((c) => `src/locales/${c}.json`));
  });
});
