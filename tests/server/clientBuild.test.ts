import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM scripts of npm start, without declarations
import { withBuildLock } from '../../scripts/buildLock.mjs';
// @ts-expect-error -- plain ESM scripts of npm start, without declarations
import { clientKey } from '../../scripts/clientKey.mjs';

/**
 * Issue 53 §3: several `npm start` in one checkout. The client is built once per content (the key
 * of what the build reads) and one build runs at a time (the lock); scripts/build-client.mjs puts
 * each file in place by a rename. Here the two pieces it relies on.
 */
const dir = mkdtempSync(join(tmpdir(), 'openex-client-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the client build key', () => {
  it('is the same for the same sources and changes with any source, the lock file or a VITE_ setting', () => {
    const root = join(dir, 'checkout');
    mkdirSync(join(root, 'src/features'), { recursive: true });
    writeFileSync(join(root, 'src/features/a.ts'), 'export const a = 1;\n');
    writeFileSync(join(root, 'package-lock.json'), '{}');
    const first = clientKey(root) as string;
    expect(clientKey(root)).toBe(first);
    writeFileSync(join(root, 'src/features/a.ts'), 'export const a = 2;\n');
    const edited = clientKey(root) as string;
    expect(edited).not.toBe(first);
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    expect(clientKey(root)).not.toBe(edited);
    const locked = clientKey(root) as string;
    process.env.VITE_INSPECT = '1';
    try {
      expect(clientKey(root)).not.toBe(locked);
    } finally {
      delete process.env.VITE_INSPECT;
    }
  });
});

describe('the build lock', () => {
  it('runs one build at a time: the second waits for the first to end', async () => {
    const lock = join(dir, 'one-at-a-time.lock');
    const events: string[] = [];
    const builder = (name: string) =>
      withBuildLock(lock, async () => {
        events.push(`${name} starts`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        events.push(`${name} ends`);
      }, 5);
    await Promise.all([builder('a'), builder('b')]);
    expect(events).toHaveLength(4);
    expect(events[1]).toBe(`${events[0]!.split(' ')[0]} ends`);
  });

  it('takes over a lock left by a process that died mid-build', async () => {
    const lock = join(dir, 'stale.lock');
    // A pid no process has: the largest pid Linux hands out is below 2^22.
    writeFileSync(lock, String(2 ** 22 + 7));
    expect(await withBuildLock(lock, async () => 'built', 5)).toBe('built');
  });
});
