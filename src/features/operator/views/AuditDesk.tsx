import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { auditKindKey } from '../../../../domain/operatorAuditKinds';
import type { OperatorAuditRow } from '../../../../domain/operators';
import { Badge } from '../../../app/ui/Badge';
import { Button } from '../../../app/ui/Button';
import { DataTable, type Column } from '../../../app/ui/DataTable';
import { DateTime } from '../../../app/ui/DateTime';
import { DeskHead, ReloadButton } from '../../../app/ui/DeskDialog';
import { Muted } from '../../../app/ui/Panel';
import { ListStatus, Pager } from '../../../app/ui/RecordFilters';
import { ShortHash } from '../../../app/ui/ShortHash';
import { useAuditDesk } from '../desks.hooks';
import { AuditDetails } from './desks/AuditDetails';
import { AuditFilters } from './desks/AuditFilters';

/** An audit row's object: a numbered one "operator #7", a named one (a route "POST /api/…", a pair) by its name alone. */
const auditObject = (type: string, id: string): string => (!id ? type : /^\d+$/.test(id) ? `${type} #${id}` : `${type} ${id}`);

/**
 * A row's kind in the reader's words, its code beneath (what the kind filter's choice sends, and
 * the CSV holds); a kind this build has no words for (written by a newer server) shows as its code alone.
 */
const KindCode = styled.code`
  display: block;
  font-size: 11px;
  color: ${({ theme }) => theme.color.textDim};
`;

function AuditKind({ kind }: { kind: string }) {
  const { t } = useTranslation();
  const key = auditKindKey(kind);
  if (!key) return <code>{kind}</code>;
  return (
    <span title={t('operatorDesks.audit.kindCode', { code: kind })}>
      {t(key)}
      <KindCode>{kind}</KindCode>
    </span>
  );
}

/**
 * /operator, "Audit log" (auditor): every operator action, newest first, under filters; a row
 * opens to its values before and after and its whole record; the chain's hashes are shown short
 * (whole on hover and when opened); "Export CSV" saves what the filters find as a file.
 */
export function AuditDesk() {
  const { t } = useTranslation();
  const desk = useAuditDesk();
  const columns: Column<OperatorAuditRow>[] = [
    {
      key: 'operatorDesks.audit.open',
      render: (r) => (
        <Button type="button" $variant="ghost" $small aria-expanded={desk.expanded === r.id} aria-label={t('operatorDesks.audit.openRow', { id: r.id })} onClick={() => desk.expand(r.id)}>
          {desk.expanded === r.id ? '▾' : '▸'}
        </Button>
      ),
    },
    { key: 'col.time', render: (r) => <DateTime at={r.at} /> },
    {
      key: 'operatorDesks.audit.operator',
      render: (r) =>
        r.operator_id === null ? (
          <span title={t('operatorDesks.audit.unknownOperator')}>{r.operator_account || '—'}</span>
        ) : (
          <Button type="button" $variant="ghost" $small title={t('operatorDesks.audit.onlyThisOperator')} onClick={() => desk.byOperator(r.operator_id!)}>
            {r.operator_account}
          </Button>
        ),
    },
    { key: 'operatorDesks.audit.kindColumn', render: (r) => <AuditKind kind={r.kind} /> },
    { key: 'operatorDesks.audit.object', render: (r) => (r.object_type ? <code>{auditObject(r.object_type, r.object_id)}</code> : '—') },
    {
      key: 'operatorDesks.audit.outcome',
      render: (r) => <Badge $tone={r.outcome === 'refused' ? 'down' : 'up'}>{t(r.outcome === 'refused' ? 'operatorDesks.audit.refused' : 'operatorDesks.audit.done')}</Badge>,
    },
    { key: 'operatorDesks.audit.client', render: (r) => <span className="dim">{r.client || '—'}</span> },
    { key: 'operatorDesks.audit.hash', render: (r) => <ShortHash hash={r.hash} /> },
  ];
  return (
    <section aria-label={t('operatorDesks.audit.title')}>
      <DeskHead>
        <h2>{t('operatorDesks.audit.title')}</h2>
        <ListStatus loading={desk.loading} failed={desk.failed} onRetry={desk.reload} />
        <Button type="button" $small onClick={desk.exportCsv} disabled={desk.exporting}>
          {t(desk.exporting ? 'operatorDesks.audit.exporting' : 'operatorDesks.audit.export')}
        </Button>
        <ReloadButton onReload={desk.reload} loading={desk.loading} />
      </DeskHead>
      <Muted style={{ margin: '6px 0 0' }}>{t('operatorDesks.audit.intro')}</Muted>
      <AuditFilters fields={desk.fields} busy={desk.loading} onSearch={desk.search} onClear={desk.clear} />
      <DataTable<OperatorAuditRow>
        label={t('operatorDesks.audit.title')}
        rows={desk.rows}
        emptyKey="operatorDesks.audit.empty"
        columns={columns}
        renderRow={(r, cells) => (
          <>
            <tr>{cells}</tr>
            {desk.expanded === r.id && (
              <tr>
                <td colSpan={columns.length} style={{ padding: 0 }}>
                  <AuditDetails row={r} />
                </td>
              </tr>
            )}
          </>
        )}
      />
      <Pager page={desk.page} size={desk.size} total={desk.total} onPage={desk.setPage} />
    </section>
  );
}
