import { useActorRef } from '@xstate/react';
import { rolesGrant, type OperatorAccessRequest, type OperatorAuditQuery, type OperatorAuditRow, type OperatorCreate, type OperatorPermission, type OperatorRole, type OperatorView } from '../../../domain/operators';
import { useActorFlow, signals } from '../../app/views/actorFlow';
import { useListChild, usePagedListOf } from '../../app/views/usePagedList';
import { OperatorContext } from './operator.context';
import type { AuditSearchFields } from './machines/auditDesk/auditDesk.machine';

/**
 * /operator, "Operators" (admin): the operators, the new-operator and roles forms (`creating`,
 * `editingRoles`) and the disable/enable question (`standing`), each asking the admin's 2FA code,
 * with the server's `refusal` shown in place.
 */
export function useOperatorsDesk() {
  const actor = useActorRef(OperatorContext.use().operatorsDesk);
  return useActorFlow(
    actor,
    {
      operators: (s) => s.context.operators,
      loading: (s) => s.matches({ list: 'loading' }),
      failed: (s) => s.matches({ list: 'failed' }),
      creating: (s) => s.matches({ form: 'creating' }),
      editingRoles: (s) => (s.matches({ form: 'roles' }) ? s.context.operators.find((o) => o.id === s.context.editing) : undefined),
      standing: (s) => (s.matches({ form: 'standing' }) ? s.context.standing : undefined),
      resetting: (s) => (s.matches({ form: 'resetting' }) ? s.context.resetting : undefined),
      sending: (s) => (['creating', 'roles', 'standing', 'resetting', 'approving', 'rejecting'] as const).some((form) => s.matches({ form: { [form]: 'sending' } })),
      refusal: (s) => s.context.refusal,
      created: (s) => s.context.created,
      requests: (s) => s.context.requests,
      requestsLoading: (s) => s.matches({ requests: 'loading' }),
      requestsFailed: (s) => s.matches({ requests: 'failed' }),
      /** The request being approved (with a code) or rejected, and which of the two. */
      deciding: (s) => (s.matches({ form: 'approving' }) || s.matches({ form: 'rejecting' }) ? { request: s.context.deciding!, approve: s.matches({ form: 'approving' }) } : undefined),
    },
    {
      ...signals('operators', ['reload', 'create', 'close']),
      submitCreate: (fields: OperatorCreate) => ({ type: 'operators.submitCreate', fields }),
      editRoles: (id: number) => ({ type: 'operators.editRoles', id }),
      submitRoles: (roles: OperatorRole[], code: string) => ({ type: 'operators.submitRoles', roles, code }),
      submitStanding: (code: string) => ({ type: 'operators.submitStanding', code }),
      disable: (operator: OperatorView) => ({ type: 'operators.disable', operator }),
      enable: (operator: OperatorView) => ({ type: 'operators.enable', operator }),
      resetTwoFactor: (operator: OperatorView) => ({ type: 'operators.resetTwoFactor', operator }),
      submitReset: (code: string) => ({ type: 'operators.submitReset', code }),
      approve: (request: OperatorAccessRequest) => ({ type: 'operators.approve', request }),
      reject: (request: OperatorAccessRequest) => ({ type: 'operators.reject', request }),
      submitApprove: (code: string) => ({ type: 'operators.submitApprove', code }),
      submitReject: () => ({ type: 'operators.submitReject' }),
    },
  );
}

/**
 * /operator, "Audit log" (auditor): the log's page under the filters (the machine's `list` child,
 * the shared paged list), the row opened, and the CSV export.
 */
export function useAuditDesk() {
  const actor = useActorRef(OperatorContext.use().auditDesk);
  const list = usePagedListOf(useListChild<OperatorAuditQuery, OperatorAuditRow>(actor));
  const desk = useActorFlow(
    actor,
    {
      fields: (s) => s.context.fields,
      expanded: (s) => s.context.expanded,
      exporting: (s) => s.matches('exporting'),
    },
    {
      search: (fields: AuditSearchFields) => ({ type: 'audit.search', fields }),
      clear: () => ({ type: 'audit.clear' }),
      byOperator: (id: number) => ({ type: 'audit.byOperator', id }),
      expand: (id: number) => ({ type: 'audit.expand', id }),
      exportCsv: () => ({ type: 'audit.export' }),
    },
  );
  return {
    ...desk,
    rows: list.rows,
    total: list.total,
    page: list.page,
    size: list.size,
    loading: list.loading,
    failed: list.failed,
    setPage: list.setPage,
    reload: list.reload,
  };
}

/**
 * The desks an operator's roles open (rolesGrant of domain/operators.ts), in their order. A stored
 * session from before roles were sent carries none: every desk is shown then, and the server
 * still checks each call.
 */
export function desksGranted<D extends { permission: OperatorPermission }>(desks: readonly D[], roles: readonly string[] | undefined): D[] {
  return desks.filter((desk) => operatorMay(roles, desk.permission));
}

/** Whether the console offers what needs `permission` (undefined roles: a session stored before roles were sent, offered all). */
export const operatorMay = (roles: readonly string[] | undefined, permission: OperatorPermission): boolean => roles === undefined || rolesGrant(roles, permission);
