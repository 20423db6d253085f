import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/*
 * The import circles among a folder's source files: every relative import (type-only ones
 * included, since a circle of types still ties the files' meanings together; dynamic `import()`
 * left out, it loads later) between its .ts and .tsx files (tests left out), and the strongly
 * connected components of that graph with more than one file. Imports that leave the folder are
 * not followed. Used by tests/server/futures/importCircles.test.ts (issue 54 §1) and, over src/,
 * server/ and domain/ together, by scripts/lint/importCircles.test.ts (§4).
 */
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|(?:^|\n)\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Each file of `root`'s `folders` (relative paths) and the files among them it imports. */
export function importGraph(dir: string, folders: readonly string[] = ['.']): Map<string, string[]> {
  const root = resolve(dir);
  const files = folders.flatMap((folder) => sourceFiles(join(root, folder)));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const m of text.matchAll(IMPORT)) {
      // The server writes `./x.js` for x.ts; the client names no extension (x.ts, x.tsx or x/index.ts).
      const base = resolve(dirname(file), (m[1] ?? m[2])!).replace(/\.js$/, '');
      const target = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((path) => known.has(path));
      if (target) targets.add(relative(root, target));
    }
    graph.set(relative(root, file), [...targets].sort());
  }
  return graph;
}

/** The import circles of `root`: each a sorted list of the files that import each other round. */
export function importCycles(root: string, folders?: readonly string[]): string[][] {
  const graph = importGraph(root, folders);
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  for (const dir of process.argv.slice(2)) console.log(dir, JSON.stringify(importCycles(dir), null, 1));
}
