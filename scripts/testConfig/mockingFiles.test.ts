import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCKING_FILES } from '../../vitest.config';

const root = join(import.meta.dirname, '..', '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    if (statSync(path).isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(name) ? [relative(root, path)] : [];
  });
}

/**
 * The unit and model projects share a module graph per worker (isolate: false, vitest.config.ts):
 * a file that replaces a module with vi.mock must run apart (unit-mocks), or the replacement could
 * reach the files that run after it in the same worker.
 */
describe('vitest projects', () => {
  it('runs every unit or model file that mocks a module in unit-mocks', () => {
    const shared = ['src', 'domain', 'scripts', 'bench', join('tests', 'model')].flatMap((dir) => testFiles(join(root, dir)));
    const mocking = shared.filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(root, file), 'utf8')) && file !== relative(root, import.meta.filename));
    expect(mocking.sort()).toEqual([...MOCKING_FILES].sort());
  });
});
