import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { descriptionRanges } from './machineDescriptions';

/** Every `*.machine.ts` under `dir`. */
const machineFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? machineFiles(path) : path.endsWith('.machine.ts') ? [path] : [];
  });

/** The build's machine descriptions (scripts/vite/machineDescriptions.ts): what goes and what must stay. */
const stripped = (code: string) =>
  descriptionRanges(code)
    .sort((a, b) => b[0] - a[0])
    .reduce((out, [start, end]) => out.slice(0, start) + out.slice(end), code);

describe("the machines' descriptions out of the build", () => {
  it("drops a state's and a transition's description, first, in between or last, with its comma", () => {
    const code = [
      'const m = setup({}).createMachine({',
      '  states: {',
      "    a: { description: 'First.', on: { go: { target: 'b', description: `Last.` } } },",
      "    b: { entry: 'x', description: \"Between.\", after: { t: 'a' } },",
      '  },',
      '});',
    ].join('\n');
    expect(stripped(code)).toBe(
      ['const m = setup({}).createMachine({', '  states: {', "    a: { on: { go: { target: 'b' } } },", "    b: { entry: 'x', after: { t: 'a' } },", '  },', '});'].join('\n'),
    );
  });

  it('keeps data: a description in an object that is no state or transition, a computed one, a template with a value', () => {
    const code = [
      "const body = { name: 'NOVA', description: 'A settlement layer.' };",
      "const s = { target: 'a', description: texts.why };",
      "const t = { target: 'a', description: `Waited ${n} s.` };",
      "const u = { on: { 'desk.description': 'a' } };",
    ].join('\n');
    expect(stripped(code)).toBe(code);
  });

  it("leaves every machine of the app valid TypeScript, with no state's or transition's text left", () => {
    const files = machineFiles(join(import.meta.dirname, '../../src'));
    expect(files.length).toBeGreaterThan(50);
    let removed = 0;
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      removed += descriptionRanges(code).length;
      const out = stripped(code);
      const { diagnostics } = ts.transpileModule(out, { reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.ESNext } });
      expect(diagnostics ?? [], file).toEqual([]);
      expect(descriptionRanges(out), file).toEqual([]);
    }
    expect(removed).toBeGreaterThan(100);
  });
});
