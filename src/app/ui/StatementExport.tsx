import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ToastMessage } from '../../../domain/errors';
import { STATEMENT_DAYS, type StatementDays } from '../../../domain/statements';
import { Button } from './Button';
import { fieldInput } from './fieldStyles';
import { PHONE } from '../theme';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: 8px;
  font-size: 12px;
  color: ${({ theme }) => theme.color.textDim};
  select { ${fieldInput('3px 8px')}; font-size: 12px; width: auto; }
  [role='alert'] { flex-basis: 100%; text-align: right; color: ${({ theme }) => theme.color.down}; }
  ${PHONE} { select { min-height: 32px; } }
`;

/**
 * "Statement: [Last 30 days] [Export CSV]" above a history list: the page's records as a file
 * (docs/API.md "Statements"), with the server's refusal (too many rows) under it.
 */
export function StatementExport(props: {
  /** What the file holds, for the control's name: "Spot fills", "Ledger". */
  what: string;
  days: StatementDays;
  busy: boolean;
  refusal: ToastMessage | undefined;
  setDays: (days: StatementDays) => void;
  exportFile: () => void;
}) {
  const { t } = useTranslation();
  const label = t('statement.label', { what: props.what });
  return (
    <Row role="group" aria-label={label}>
      <span>{label}</span>
      <select aria-label={t('statement.period')} value={props.days} disabled={props.busy} onChange={(e) => props.setDays(Number(e.target.value) as StatementDays)}>
        {STATEMENT_DAYS.map((d) => (
          <option key={d} value={d}>
            {t('records.lastDays', { days: d })}
          </option>
        ))}
      </select>
      <Button type="button" $variant="ghost" $small disabled={props.busy} aria-busy={props.busy} onClick={props.exportFile}>
        {props.busy ? t('statement.exporting') : t('statement.export')}
      </Button>
      {props.refusal && <span role="alert">{'key' in props.refusal ? t(props.refusal.key) : props.refusal.text}</span>}
    </Row>
  );
}
