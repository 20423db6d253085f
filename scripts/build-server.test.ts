import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { serverEntry } from './build-server.mjs';

const out = mkdtempSync(join(tmpdir(), 'openex-server-build-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the server bundle (scripts/build-server.mjs)', () => {
  it('two starts at once build one whole bundle between them, and a later start reuses it', async () => {
    const [first, second] = (await Promise.all([serverEntry(out), serverEntry(out)])) as [string, string];
    expect(second).toBe(first);
    expect(existsSync(first) && existsSync(`${first}.map`)).toBe(true);
    // The losing build's staging folder is gone: only the keyed build is left.
    expect(readdirSync(out)).toHaveLength(1);
    expect(await serverEntry(out)).toBe(first);
  }, 60_000);

  it('each module keeps its own location, so files beside the sources (locales, migrations) are found', async () => {
    const code = readFileSync((await serverEntry(out)) as string, 'utf8');
    expect(code).not.toMatch(/import\.meta\.(url|dirname|filename)/);
    expect(code).toContain(JSON.stringify(`file://${join(import.meta.dirname, '..', 'server')}`).slice(0, -1));
  }, 60_000);

  it("the password estimate's dictionaries are the worker's alone: main.mjs never imports them", async () => {
    const entry = (await serverEntry(out)) as string;
    expect(readFileSync(entry, 'utf8')).not.toContain('@zxcvbn-ts');
    expect(readFileSync(join(entry, '..', 'passwordStrengthWorker.mjs'), 'utf8')).toContain('@zxcvbn-ts/language-common');
  }, 60_000);
});
