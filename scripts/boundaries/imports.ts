import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';
import type { Import } from './rules.js';

/** Source files of a folder: .ts, .tsx, .mts (tests included: they are code too). */
function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(root, path);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [path] : [];
  });
}

/** `./x.js` from `src/a/b.ts` → `src/a/x`; a package specifier stays as written. */
export function targetOf(file: string, specifier: string): string {
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) return specifier;
  const resolved = posix.normalize(posix.join(posix.dirname(file), specifier));
  return resolved.replace(/\.(js|jsx|mjs|ts|tsx|mts)$/, '').replace(/\/$/, '');
}

/**
 * Every import of every source file under `roots` (repository-relative), read with TypeScript's
 * own import scanner (ts.preProcessFile): static and dynamic imports, `import type`, re-exports,
 * require(), and the module names of `declare module` augmentations; never comments or strings.
 */
export function importsUnder(repoRoot: string, roots: readonly string[]): Import[] {
  return roots.flatMap((root) =>
    sourceFiles(repoRoot, root).flatMap((file) => {
      const text = readFileSync(join(repoRoot, file), 'utf8');
      return ts.preProcessFile(text, true, true).importedFiles.map(({ fileName: specifier }) => ({ file, specifier, target: targetOf(file, specifier) }));
    }),
  );
}
