import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { OperatorAuditRow } from '../../../../../domain/operators';
import { PHONE } from '../../../../app/theme';

const Box = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  gap: 10px 24px;
  padding: 10px 12px 14px;
  background: ${({ theme }) => theme.color.panel};
  white-space: normal;
  ${PHONE} { grid-template-columns: minmax(0, 1fr); }
  h4 { margin: 0 0 6px; font-size: 12px; font-weight: 500; color: ${({ theme }) => theme.color.textDim}; }
  table { border-collapse: collapse; width: 100%; }
  th, td { padding: 3px 8px !important; border: 0 !important; vertical-align: top; white-space: normal !important; }
  th { text-align: left; color: ${({ theme }) => theme.color.textDim}; font-weight: 500; font-size: 11px; }
  td.field { color: ${({ theme }) => theme.color.textDim}; font-family: ${({ theme }) => theme.font.mono}; }
  td.before { color: ${({ theme }) => theme.color.down}; }
  td.after { color: ${({ theme }) => theme.color.up}; }
  pre { margin: 0; font-family: ${({ theme }) => theme.font.mono}; font-size: 11px; white-space: pre-wrap; word-break: break-word; }
  dl { margin: 0; display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 3px 10px; font-size: 12px; }
  dt { color: ${({ theme }) => theme.color.textDim}; }
  dd { margin: 0; font-family: ${({ theme }) => theme.font.mono}; word-break: break-all; }
`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One value as a person reads it: text as it is, a list of plain values comma-separated, anything else as indented JSON. */
function Value(props: { value: unknown }) {
  const { value } = props;
  if (value === undefined) return <span aria-hidden>—</span>;
  if (typeof value === 'string') return <pre>{value === '' ? '""' : value}</pre>;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) return <pre>{value.length === 0 ? '[]' : value.join(', ')}</pre>;
  return <pre>{JSON.stringify(value, null, 2)}</pre>;
}

/**
 * The fields of `before` and `after` side by side, one line a field (the log keeps only what
 * changed); values that are not objects are one line "value".
 */
function Changes(props: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const { before, after } = props;
  const nothing = (v: unknown) => v === null || v === undefined;
  if (nothing(before) && nothing(after)) return <span>{t('operatorDesks.audit.noValues')}</span>;
  const fields = isRecord(before) || isRecord(after) ? [...new Set([...Object.keys(isRecord(before) ? before : {}), ...Object.keys(isRecord(after) ? after : {})])] : [''];
  const pick = (value: unknown, field: string) => (field === '' ? (nothing(value) ? undefined : value) : isRecord(value) ? value[field] : undefined);
  return (
    <table>
      <thead>
        <tr>
          <th>{t('operatorDesks.audit.field')}</th>
          <th>{t('operatorDesks.audit.before')}</th>
          <th>{t('operatorDesks.audit.after')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field}>
            <td className="field">{field || t('operatorDesks.audit.value')}</td>
            <td className="before">
              <Value value={pick(before, field)} />
            </td>
            <td className="after">
              <Value value={pick(after, field)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A row of the log opened: what changed, and the row's whole record (roles then, client, detail, both hashes in full). */
export function AuditDetails(props: { row: OperatorAuditRow }) {
  const { t } = useTranslation();
  const { row } = props;
  return (
    <Box>
      <div>
        <h4>{t('operatorDesks.audit.changes')}</h4>
        <Changes before={row.before} after={row.after} />
      </div>
      <div>
        <h4>{t('operatorDesks.audit.record')}</h4>
        <dl>
          <dt>{t('operatorDesks.audit.rowId')}</dt>
          <dd>{row.id}</dd>
          <dt>{t('operatorDesks.audit.operatorId')}</dt>
          <dd>{row.operator_id ?? '—'}</dd>
          <dt>{t('operatorDesks.audit.rolesThen')}</dt>
          <dd>{row.roles.length ? row.roles.join(', ') : '—'}</dd>
          <dt>{t('operatorDesks.audit.client')}</dt>
          <dd>{row.client || '—'}</dd>
          <dt>{t('operatorDesks.audit.detail')}</dt>
          <dd>{row.detail || '—'}</dd>
          <dt>{t('operatorDesks.audit.prevHash')}</dt>
          <dd>{row.prev_hash || '—'}</dd>
          <dt>{t('operatorDesks.audit.hash')}</dt>
          <dd>{row.hash}</dd>
        </dl>
      </div>
    </Box>
  );
}
