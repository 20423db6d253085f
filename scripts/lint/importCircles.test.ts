import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles } from './importCycles';

/*
 * Issue 54 §4: no import circles in the product's code (src/, server/, domain/; type-only imports
 * counted) except each feature's documented context ↔ hooks pair (docs/ARCHITECTURE.md: the
 * context file names the hooks' flow type, the hooks read the context). ESLint's no-cycle holds
 * the value imports; this holds the types too.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `src/features/x/x.context.ts` with `src/features/x/x.hooks.tsx`, and nothing else. */
const contextAndHooks = (circle: string[]) =>
  circle.length === 2 && /^src\/features\/(\w+)\/\1\.context\.ts$/.test(circle[0]!) && circle[1] === circle[0]!.replace('.context.ts', '.hooks.tsx');

describe('import circles', () => {
  it('none in src/, server/ and domain/ but the features’ context ↔ hooks pairs', () => {
    const circles = importCycles(ROOT, ['src', 'server', 'domain']);
    expect(circles.filter((circle) => !contextAndHooks(circle))).toEqual([]);
    // The scan reads the tree: it finds the documented pairs.
    expect(circles.filter(contextAndHooks).length).toBeGreaterThan(5);
  });
});
