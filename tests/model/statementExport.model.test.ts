import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { statementExportModel } from '../../src/app/machines/statementExport/statementExport.model';
import { runModel } from './harness';

/**
 * A history page's CSV statement: the period chosen, the file read and saved once per press, a
 * refusal shown in place until the period changes, a press while a file is read not heard.
 */
beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const FILE = { filename: 'openex-spot-fills-2026-11-24_2026-12-01.csv', rows: 1, csv: 'h\r\n1\r\n' };
const context = (run: ReturnType<typeof runModel>) => run.actor.getSnapshot().context as { days: number; refusal: unknown };

describe('statementExport (scenarios)', () => {
  it('reads the chosen period once however often pressed, then saves the file with a success toast', async () => {
    const run = runModel(statementExportModel, { log: ['showToast', 'saveFile'] });
    expect(context(run).days).toBe(30);
    run.actor.send({ type: 'statement.days', days: 7 });
    run.actor.send({ type: 'statement.export' });
    run.actor.send({ type: 'statement.export' });
    run.actor.send({ type: 'statement.days', days: 365 });
    expect(run.actor.getSnapshot().value).toBe('exporting');
    expect(run.deferred.inputsOf('fetchStatement')).toEqual([{ days: 7 }]);
    await run.settle({ type: 'xstate.done.actor.fetchStatement', output: FILE });
    expect(run.actor.getSnapshot().value).toBe('idle');
    expect(context(run).days).toBe(7);
    expect(run.log).toEqual([`saveFile:${JSON.stringify(FILE)}`, 'showToast:{"tone":"success","message":{"key":"statement.saved"}}']);
  });

  it('keeps a refusal beside the button, saves nothing, and clears it when the period changes', async () => {
    const run = runModel(statementExportModel, { log: ['showToast', 'saveFile'] });
    run.actor.send({ type: 'statement.days', days: 365 });
    run.actor.send({ type: 'statement.export' });
    await run.settle({ type: 'xstate.error.actor.fetchStatement', error: { kind: 'server', serverMessage: 'Mehr als 50000 Zeilen' } });
    expect(context(run).refusal).toEqual({ text: 'Mehr als 50000 Zeilen' });
    expect(run.log).toEqual([]);
    run.actor.send({ type: 'statement.days', days: 90 });
    expect(context(run)).toEqual({ days: 90, refusal: undefined });
  });

  it('does not take a period it does not offer', () => {
    const run = runModel(statementExportModel);
    run.actor.send({ type: 'statement.days', days: 5 } as never);
    expect(context(run).days).toBe(30);
  });
});
