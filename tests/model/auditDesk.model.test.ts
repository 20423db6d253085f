/**
 * The auditor's desk (issue 51 §2): its generated paths, then scenarios — the filters as the
 * server's query (dates in the operator's time zone, `to` exclusive), a row opened and closed, and
 * the CSV export handed to the download effect with the filters on screen.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_PAGE_SIZE, auditDeskMachine, auditQueryOf, NO_AUDIT_FIELDS } from '../../src/features/operator/machines/auditDesk/auditDesk.machine';
import { auditDeskModel } from '../../src/features/operator/machines/auditDesk/auditDesk.model';
import { describeModel, startPagedDesk } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('audit desk (generated paths)', () => describeModel(auditDeskModel));

/** The desk with its list child on deferred page reads, a deferred export, and logs of toasts and saved files. */
function start() {
  const saved: unknown[] = [];
  const desk = startPagedDesk(auditDeskMachine, { actions: { saveFile: (_, file) => void saved.push(file) } });
  /** What the list asked the server for, each time; JSON drops the unset filters, as the API client sends them. */
  const reads = () => desk.reads().map((query) => JSON.parse(JSON.stringify(query)) as unknown);
  return { ...desk, saved, reads };
}

const march = (day: number) => new Date(2026, 2, day).getTime();

describe('audit desk (scenarios)', () => {
  it('reads the newest page of the whole log at start', () => {
    const t = start();
    expect(t.reads()).toEqual([{ filter: {}, page: 1, size: AUDIT_PAGE_SIZE }]);
  });

  it('searches with the filters as the server takes them, back to page 1, and clears them all again', async () => {
    const t = start();
    await t.settleList({ list: [], total: 45 });
    t.listRef().send({ type: 'list.page', page: 2 });
    await t.settleList({ list: [], total: 45 });
    t.actor.send({ type: 'audit.search', fields: { operator: ' 7 ', kind: 'operator.set_roles', objectType: 'operator', objectId: '', outcome: 'refused', from: '2026-03-01', to: '2026-03-03' } });
    expect(t.reads().at(-1)).toEqual({
      filter: { operator_id: 7, kind: 'operator.set_roles', object_type: 'operator', outcome: 'refused', from: march(1), to: march(4) },
      page: 1,
      size: AUDIT_PAGE_SIZE,
    });
    await t.settleList({ list: [], total: 3 });
    t.actor.send({ type: 'audit.search', fields: { ...NO_AUDIT_FIELDS, kind: 'kyc.approve' } });
    expect(t.reads().at(-1)).toEqual({ filter: { kind: 'kyc.approve' }, page: 1, size: AUDIT_PAGE_SIZE });
    // "All kinds" again: the kind is cleared from the list's filter too.
    t.actor.send({ type: 'audit.search', fields: { ...NO_AUDIT_FIELDS, outcome: 'done' } });
    expect(t.reads().at(-1)).toEqual({ filter: { outcome: 'done' }, page: 1, size: AUDIT_PAGE_SIZE });
    t.actor.send({ type: 'audit.clear' });
    expect(t.reads().at(-1)).toEqual({ filter: {}, page: 1, size: AUDIT_PAGE_SIZE });
    expect(t.actor.getSnapshot().context.fields).toEqual(NO_AUDIT_FIELDS);
  });

  it("narrows to an operator clicked in the list, keeping the other filters, and shows it in the form", () => {
    const t = start();
    t.actor.send({ type: 'audit.search', fields: { ...NO_AUDIT_FIELDS, outcome: 'done' } });
    t.actor.send({ type: 'audit.byOperator', id: 12 });
    expect(t.reads().at(-1)).toEqual({ filter: { outcome: 'done', operator_id: 12 }, page: 1, size: AUDIT_PAGE_SIZE });
    expect(t.actor.getSnapshot().context.fields.operator).toBe('12');
    t.actor.send({ type: 'audit.byOperator', id: 0 });
    expect(t.reads()).toHaveLength(3);
  });

  it('opens one row at a time; the same row again closes it; a new search closes it', () => {
    const t = start();
    t.actor.send({ type: 'audit.expand', id: 41 });
    expect(t.actor.getSnapshot().context.expanded).toBe(41);
    t.actor.send({ type: 'audit.expand', id: 40 });
    expect(t.actor.getSnapshot().context.expanded).toBe(40);
    t.actor.send({ type: 'audit.expand', id: 40 });
    expect(t.actor.getSnapshot().context.expanded).toBeUndefined();
    t.actor.send({ type: 'audit.expand', id: 40 });
    t.actor.send({ type: 'audit.clear' });
    expect(t.actor.getSnapshot().context.expanded).toBeUndefined();
  });

  it('exports with the filters on screen and saves the CSV as a file, once at a time', async () => {
    const t = start();
    t.actor.send({ type: 'audit.search', fields: { ...NO_AUDIT_FIELDS, kind: 'withdrawal.approve' } });
    t.actor.send({ type: 'audit.export' });
    t.actor.send({ type: 'audit.export' });
    expect(t.effects.inputsOf('exportAudit')).toEqual([{ kind: 'withdrawal.approve' }]);
    expect(t.actor.getSnapshot().value).toBe('exporting');
    const csv = 'id,at\r\n3,2026-03-01T10:00:00.000Z\r\n';
    await t.settle({ type: 'xstate.done.actor.exportAudit', output: { filename: 'operator-audit.csv', rows: 1, csv } });
    expect(t.saved).toEqual([{ filename: 'operator-audit.csv', text: csv, type: 'text/csv;charset=utf-8' }]);
    expect(t.toasts.at(-1)).toEqual({ tone: 'success', message: { key: 'operatorDesks.audit.exported' } });
    expect(t.actor.getSnapshot().value).toBe('idle');
  });

  it("says the server's refusal of an export (too many rows) and saves nothing", async () => {
    const t = start();
    t.actor.send({ type: 'audit.export' });
    await t.settle({ type: 'xstate.error.actor.exportAudit', error: { kind: 'server', serverMessage: 'An export holds at most 10000 rows' } });
    expect(t.saved).toEqual([]);
    expect(t.toasts.at(-1)).toEqual({ tone: 'error', message: { text: 'An export holds at most 10000 rows' } });
    expect(t.actor.getSnapshot().value).toBe('idle');
  });
});

describe('auditQueryOf', () => {
  it('leaves out empty, malformed and impossible fields', () => {
    expect(auditQueryOf(NO_AUDIT_FIELDS)).toEqual({});
    expect(auditQueryOf({ ...NO_AUDIT_FIELDS, operator: 'seven', from: '03/01/2026', to: 'tomorrow', kind: '   ' })).toEqual({});
    expect(auditQueryOf({ ...NO_AUDIT_FIELDS, operator: '0' })).toEqual({});
  });

  it('sends a kind only when it is one of the kinds the server writes: never a prefix or an unknown name, which it refuses', () => {
    expect(auditQueryOf({ ...NO_AUDIT_FIELDS, kind: 'fees.override' })).toEqual({ kind: 'fees.override' });
    for (const kind of ['fees.', 'kyc', 'no.such_kind', 'KYC.APPROVE', '__proto__', 'toString']) expect(auditQueryOf({ ...NO_AUDIT_FIELDS, kind })).toEqual({});
  });

  it('makes one day a whole local day: from its midnight to the next midnight (exclusive)', () => {
    expect(auditQueryOf({ ...NO_AUDIT_FIELDS, from: '2026-03-03', to: '2026-03-03' })).toEqual({ from: march(3), to: march(4) });
    // Across a month's end.
    expect(auditQueryOf({ ...NO_AUDIT_FIELDS, to: '2026-02-28' })).toEqual({ to: march(1) });
  });
});
