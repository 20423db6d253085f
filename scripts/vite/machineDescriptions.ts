import MagicString from 'magic-string';
import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * The machines' `description: '…'` texts out of the build. A state's or a transition's
 * description says in the source (and in `npm run paths`, which reads the source) why it is
 * there; nothing in the app reads it, yet every one shipped to the browser as written: 16 in the
 * shell's machines (app, session, socket connection, user stream) held ≈0.48 KB gzip of what
 * /home loads (scripts/bundle/bundle.test.ts: 153,651 → 153,167 bytes with the convert feature
 * listed), and ~130 more sit in the products' chunks. Only `*.machine.ts` files change, and there
 * only a `description` whose value is a plain string, in an object that is a state or a
 * transition (it has one of their keys beside it): a request's `description` (the ICO desk's,
 * computed) is data and stays. Source maps follow (MagicString).
 */
export function machineDescriptions(): Plugin {
  return {
    name: 'machine-descriptions',
    apply: 'build',
    transform(code, id) {
      if (!id.endsWith('.machine.ts') || id.includes('node_modules') || !code.includes('description')) return undefined;
      const ranges = descriptionRanges(code);
      if (ranges.length === 0) return undefined;
      const out = new MagicString(code);
      for (const [start, end] of ranges) out.remove(start, end);
      return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) };
    },
  };
}

/** The keys only a state or a transition has beside its description. */
const MACHINE_KEYS = new Set(['target', 'actions', 'guard', 'reenter', 'on', 'after', 'always', 'invoke', 'entry', 'exit', 'states', 'initial', 'type', 'tags', 'onDone']);

const keyOf = (property: ts.ObjectLiteralElementLike): string | undefined =>
  property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined;

const isPlainText = (node: ts.Expression) => ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

/**
 * Where each removable description lies in `code`: from the property to the next one (its comma
 * with it), or, for the last, from the end of the one before it (a state or a transition has
 * another key beside it, so one of the two is there).
 */
export function descriptionRanges(code: string): Array<[number, number]> {
  const source = ts.createSourceFile('machine.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const ranges: Array<[number, number]> = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node) && node.properties.some((p) => MACHINE_KEYS.has(keyOf(p) ?? ''))) {
      const properties = node.properties;
      properties.forEach((property, i) => {
        if (!ts.isPropertyAssignment(property) || keyOf(property) !== 'description' || !isPlainText(property.initializer)) return;
        const next = properties[i + 1];
        const previous = properties[i - 1];
        if (next) ranges.push([property.getStart(source), next.getStart(source)]);
        else if (previous) ranges.push([previous.end, property.end]);
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return ranges;
}
