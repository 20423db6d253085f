import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../../../scripts/lint/importCycles.js';

/*
 * Issue 54 §1: the futures exchange is composed of stages that read its memory (memory.ts) and
 * never the exchange itself, so no file of server/products/futures imports, through any chain, a
 * file that imports it; and the production path runs the engine the scenario tables drive
 * (engine/engine.ts has production importers, not only tests).
 */

const FUTURES = fileURLToPath(new URL('../../../server/products/futures', import.meta.url));

describe('server/products/futures imports', () => {
  it('form no circle', () => {
    expect(importCycles(FUTURES)).toEqual([]);
  });

  it('the finder sees a circle when there is one, type-only imports included (so the check above can fail)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-circles-'));
    try {
      mkdirSync(join(dir, 'stages'));
      writeFileSync(join(dir, 'exchange.ts'), `import { run } from './stages/run.js';\nexport class Exchange { go() { run(this); } }\n`);
      writeFileSync(join(dir, 'stages', 'run.ts'), `import type {\n  Exchange,\n} from '../exchange.js';\nexport const run = (e: Exchange) => e;\n`);
      writeFileSync(join(dir, 'leaf.ts'), `import { run } from './stages/run.js';\nexport const x = run;\n`);
      expect(importCycles(dir)).toEqual([['exchange.ts', 'stages/run.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('run the pure engine in production: engine/engine.ts is imported by the batch stages', () => {
    const importers = [...importGraph(FUTURES)].filter(([, targets]) => targets.includes('engine/engine.ts')).map(([file]) => file);
    expect(importers).toEqual(expect.arrayContaining(['place.ts', 'fills.ts', 'handlers.ts', 'funding.ts']));
  });
});
