import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 39: views render and send. A channel's lifetime (subscribe on entry, leave on exit) and a
 * value a view would push into a machine belong to the machine; what stays in a view is a
 * documented exception — measuring or moving the DOM, a DOM listener, focus, a third-party widget
 * or router — with a `// effect: <why>` line above it. This lists every `useEffect(` and
 * `useLayoutEffect(` in src/ (tests left out) and fails on one not in the allowlist, so a new one
 * is a decision written here, not a habit.
 */
const ALLOWED: Record<string, number> = {
  'src/app/layout/Header.tsx': 1,
  'src/app/layout/MenuLayout.tsx': 1,
  'src/app/layout/RequireLogin.tsx': 1,
  'src/app/layout/headerFit.ts': 2,
  'src/app/ui/Dropdown.tsx': 1,
  'src/app/ui/ScrollCues.tsx': 2,
  'src/app/ui/useEscapeKey.ts': 1,
  'src/app/views/AppRouter.tsx': 2,
  'src/features/fiat/views/stepAddress.ts': 1,
  'src/features/kyc/views/PhotoField.tsx': 1,
  'src/features/treasury/views/SeriesChart.tsx': 2,
  'src/kit/auth/PasswordMeter.tsx': 1,
  'src/kit/trade/trade.hooks.tsx': 1,
  'src/kit/trade/views/chart/KlineChart.tsx': 9,
};

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EFFECT = /\b(useEffect|useLayoutEffect)\(/;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Each effect of a file, by line, and whether a `// effect:` comment sits in the lines just above it. */
function effectsOf(text: string) {
  const lines = text.split('\n');
  return lines.flatMap((line, index) => {
    if (!EFFECT.test(line) || /^\s*(\/\/|\*|import\b)/.test(line)) return [];
    const above = lines.slice(Math.max(0, index - 2), index);
    return [{ line: index + 1, documented: above.some((l) => /^\s*\/\/ effect: \S/.test(l)) }];
  });
}

const found = Object.fromEntries(
  sources('src')
    .map((path) => [path, effectsOf(readFileSync(join(ROOT, path), 'utf8'))] as const)
    .filter(([, effects]) => effects.length > 0),
);

describe('effects in views are documented exceptions (issue 39)', () => {
  it('finds the effects it knows (the scan reads src/)', () => {
    expect(found['src/app/views/AppRouter.tsx']).toHaveLength(2);
  });

  it('no file has more effects than its allowlist says, and none outside it has any', () => {
    const over = Object.entries(found)
      .filter(([path, effects]) => effects.length > (ALLOWED[path] ?? 0))
      .map(([path, effects]) => `${path}: ${effects.length} (allowed ${ALLOWED[path] ?? 0})`);
    expect(over, 'a new effect: move it into the machine, or document it and add it here').toEqual([]);
  });

  it('the allowlist is no looser than the code (a moved effect comes off the list)', () => {
    const loose = Object.entries(ALLOWED)
      .filter(([path, count]) => (found[path]?.length ?? 0) < count)
      .map(([path, count]) => `${path}: ${found[path]?.length ?? 0} (allowed ${count})`);
    expect(loose).toEqual([]);
  });

  it('each allowed effect says why it stays in the view (`// effect: <why>` above it)', () => {
    const bare = Object.entries(found)
      .flatMap(([path, effects]) => effects.filter((e) => !e.documented).map((e) => `${path}:${e.line}`));
    expect(bare).toEqual([]);
  });
});
