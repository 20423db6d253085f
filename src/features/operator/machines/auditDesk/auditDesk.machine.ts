import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import { isOperatorAuditKind } from '../../../../../domain/operatorAuditKinds';
import type { AuditOutcome, OperatorAuditExport, OperatorAuditQuery } from '../../../../../domain/operators';
import { pagedListMachine, type PagedListInput } from '../../../../app/machines/pagedList/pagedList.machine';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';

/** Rows per page of the audit desk. */
export const AUDIT_PAGE_SIZE = 20;

/** The filter form as typed: texts, a kind or '' for all, an outcome or '' for both, and dates as `YYYY-MM-DD` (an <input type="date">) or ''. */
export interface AuditSearchFields {
  operator: string;
  /** One of domain/operatorAuditKinds.ts (the form's select), or '' for every kind. */
  kind: string;
  objectType: string;
  objectId: string;
  outcome: '' | AuditOutcome;
  from: string;
  to: string;
}

export const NO_AUDIT_FIELDS: AuditSearchFields = { operator: '', kind: '', objectType: '', objectId: '', outcome: '', from: '', to: '' };

/** Every filter the server takes, each unset: what the list's filter is merged with, so a cleared field is cleared there too. */
const UNSET: Record<keyof OperatorAuditQuery, undefined> = {
  operator_id: undefined,
  kind: undefined,
  object_type: undefined,
  object_id: undefined,
  outcome: undefined,
  from: undefined,
  to: undefined,
};

/** Local midnight of a `YYYY-MM-DD` day, `days` later; undefined for anything else. */
function localDay(text: string, days = 0): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const at = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days).getTime();
  return Number.isFinite(at) && at >= 0 ? at : undefined;
}

/**
 * The server's query for what the form holds: texts trimmed (empty ones left out), the operator
 * an id, the kind only when it is one of the kinds (the server refuses any other, a prefix too),
 * and the dates in the operator's own time zone — from the first day's midnight to the midnight
 * after the last day (the server's `to` is exclusive), so "from 3 to 3 March" is that day.
 */
export function auditQueryOf(fields: AuditSearchFields): OperatorAuditQuery {
  const query: OperatorAuditQuery = {};
  const operator = fields.operator.trim();
  if (/^\d{1,15}$/.test(operator) && Number(operator) > 0) query.operator_id = Number(operator);
  const kind = fields.kind.trim();
  if (isOperatorAuditKind(kind)) query.kind = kind;
  const objectType = fields.objectType.trim();
  if (objectType) query.object_type = objectType;
  const objectId = fields.objectId.trim();
  if (objectId) query.object_id = objectId;
  if (fields.outcome) query.outcome = fields.outcome;
  const from = localDay(fields.from);
  if (from !== undefined) query.from = from;
  const to = localDay(fields.to, 1);
  if (to !== undefined) query.to = to;
  return query;
}

export type AuditDeskEvent =
  | { type: 'audit.search'; fields: AuditSearchFields }
  | { type: 'audit.clear' }
  /** Only this operator's rows (an account clicked in the list). */
  | { type: 'audit.byOperator'; id: number }
  /** Shows a row's values before and after, or hides them again. */
  | { type: 'audit.expand'; id: number }
  /** The rows the filters find as a CSV file. */
  | { type: 'audit.export' };

export interface AuditDeskContext {
  /** What the form holds (shown again when the desk is opened anew). */
  fields: AuditSearchFields;
  /** The query of the list and of the export. */
  query: OperatorAuditQuery;
  /** The row whose before and after are shown. */
  expanded: number | undefined;
}

export const AUDIT_LIST: PagedListInput<OperatorAuditQuery> = { filter: {}, size: AUDIT_PAGE_SIZE };

/**
 * The auditor's desk over the operator audit log (issue 51 §2; server/products/operator/
 * auditDesk.ts): the shared paged list (`list` child: newest first, a page at a time) under the
 * filters, a row's values before and after opened on demand, and the same filters exported as a
 * CSV file (`exportAudit`, then `saveFile`, the composition root's download). Only reads: the
 * export is the one call the server itself logs.
 */
export const auditDeskMachine = setup({
  types: { context: {} as AuditDeskContext, events: {} as AuditDeskEvent },
  actors: {
    list: pagedListMachine,
    exportAudit: toBeProvided<OperatorAuditExport, OperatorAuditQuery>('exportAudit'),
  },
  actions: {
    showToast,
    /** Hands the CSV to the browser as a file download. */
    saveFile: (_, _params: { filename: string; text: string; type: string }) => undefined,
    filterList: sendTo('list', ({ context }) => ({ type: 'list.filter' as const, filter: { ...UNSET, ...context.query } })),
  },
  guards: {
    isExpanded: ({ context, event }) => event.type === 'audit.expand' && context.expanded === event.id,
    isOperatorId: ({ event }) => event.type === 'audit.byOperator' && Number.isSafeInteger(event.id) && event.id > 0,
  },
}).createMachine({
  id: 'auditDesk',
  context: { fields: NO_AUDIT_FIELDS, query: {}, expanded: undefined },
  invoke: { id: 'list', src: 'list', input: AUDIT_LIST },
  on: {
    'audit.search': { actions: [assign({ fields: ({ event }) => event.fields, query: ({ event }) => auditQueryOf(event.fields), expanded: undefined }), 'filterList'] },
    'audit.clear': { actions: [assign({ fields: NO_AUDIT_FIELDS, query: {}, expanded: undefined }), 'filterList'] },
    'audit.byOperator': {
      guard: 'isOperatorId',
      actions: [
        assign({
          fields: ({ context, event }) => ({ ...context.fields, operator: String(event.id) }),
          query: ({ context, event }) => ({ ...context.query, operator_id: event.id }),
          expanded: undefined,
        }),
        'filterList',
      ],
    },
    'audit.expand': [{ guard: 'isExpanded', actions: assign({ expanded: undefined }) }, { actions: assign({ expanded: ({ event }) => event.id }) }],
  },
  initial: 'idle',
  states: {
    idle: { on: { 'audit.export': 'exporting' } },
    exporting: {
      description: 'One export at a time; the list stays usable meanwhile.',
      invoke: {
        id: 'exportAudit',
        src: 'exportAudit',
        input: ({ context }) => context.query,
        onDone: {
          target: 'idle',
          actions: [
            { type: 'saveFile', params: ({ event }) => ({ filename: event.output.filename, text: event.output.csv, type: 'text/csv;charset=utf-8' }) },
            { type: 'showToast', params: { tone: 'success', message: { key: 'operatorDesks.audit.exported' } } },
          ],
        },
        onError: { target: 'idle', actions: toastError },
      },
    },
  },
});

export type AuditDeskActorRef = ActorRefFrom<typeof auditDeskMachine>;
