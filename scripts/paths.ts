/**
 * npm run paths — the QA report. For every machine under src/ (src/app/machines and each feature's machines folder): its states, its transitions,
 * the paths xstate/graph generates (shortest paths to every state, plus one path per edge), and the share of transitions those
 * paths cover, measured by replaying them. Printed, and written to reports/paths.md and
 * reports/paths.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getStateNodes } from 'xstate/graph';
import { discoverMachines, generatePaths, measureCoverage, type GeneratedPath } from './lib/machineModels';

const reportsDir = join(import.meta.dirname, '..', 'reports');
const describeStep = (p: GeneratedPath) => p.steps.slice(1).map((s) => s.event.type).join(' → ') || '(initial state)';

const machines = await discoverMachines();
const lines: string[] = ['# Machine paths and transition coverage', ''];
const json: object[] = [];
let totalTransitions = 0;
let totalCovered = 0;

for (const m of machines) {
  const states = getStateNodes(m.model.machine.root).map((n) => n.id);
  let shortest: GeneratedPath[] = [];
  let edges: GeneratedPath[] = [];
  let error: string | undefined;
  try {
    shortest = generatePaths(m.model, 'shortest');
    edges = generatePaths(m.model, 'edges');
  } catch (e) {
    error = (e as Error).message;
  }
  const { all, covered } = measureCoverage(m.model, edges);
  totalTransitions += all.length;
  totalCovered += covered.size;
  const share = all.length === 0 ? 100 : (100 * covered.size) / all.length;
  lines.push(`## ${m.name} (${m.file})${m.hasModel ? '' : ' — no model file, bare events only'}`);
  lines.push('');
  lines.push(`- states: ${states.length}`);
  lines.push(`- transitions: ${all.length}`);
  lines.push(`- generated paths: ${shortest.length} shortest, ${edges.length} covering every edge (variants: ${m.model.variants.map((v) => v.name).join('; ')})`);
  lines.push(`- transition coverage: ${covered.size}/${all.length} (${share.toFixed(1)}%)`);
  if (error) lines.push(`- path generation failed: ${error}`);
  lines.push('', '### States', '', ...states.map((s) => `- ${s}`));
  lines.push('', '### Transitions', '', ...all.map((t) => `- [${covered.has(t.id) ? 'x' : ' '}] ${t.id}`));
  lines.push('', '### Shortest paths', '', ...shortest.map((p) => `- (${p.variant}) ${describeStep(p)}`), '');
  json.push({
    machine: m.name,
    file: m.file,
    states,
    transitions: all.map((t) => ({ id: t.id, covered: covered.has(t.id) })),
    paths: { shortest: shortest.map(describeStep), edges: edges.length },
    coverage: { covered: covered.size, total: all.length },
  });
  console.log(
    `${m.name.padEnd(14)} states ${String(states.length).padStart(3)}  transitions ${String(all.length).padStart(3)}  paths ${String(shortest.length).padStart(3)} shortest / ${String(edges.length).padStart(4)} edge  coverage ${covered.size}/${all.length} (${share.toFixed(1)}%)${error ? `  ERROR: ${error}` : ''}`,
  );
}

const overall = totalTransitions === 0 ? 100 : (100 * totalCovered) / totalTransitions;
lines.splice(2, 0, `Overall: ${totalCovered}/${totalTransitions} transitions covered (${overall.toFixed(1)}%) across ${machines.length} machines.`, '');
mkdirSync(reportsDir, { recursive: true });
writeFileSync(join(reportsDir, 'paths.md'), lines.join('\n'));
writeFileSync(join(reportsDir, 'paths.json'), JSON.stringify({ overall: { covered: totalCovered, total: totalTransitions }, machines: json }, null, 2));
console.log(`overall: ${totalCovered}/${totalTransitions} transitions (${overall.toFixed(1)}%); report in reports/paths.md and reports/paths.json`);
