import { Field } from 'formik';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { OPERATOR_ROLES, type OperatorRole } from '../../../../../domain/operators';
import { PHONE } from '../../../../app/theme';
import { fieldInput } from '../../../../app/ui/FormField';

/** Each role's name and what it may do, as the forms and the list say them. */
export const ROLE_KEYS: Readonly<Record<OperatorRole, { name: string; hint: string }>> = {
  admin: { name: 'operatorDesks.role.admin', hint: 'operatorDesks.role.adminHint' },
  compliance: { name: 'operatorDesks.role.compliance', hint: 'operatorDesks.role.complianceHint' },
  finance: { name: 'operatorDesks.role.finance', hint: 'operatorDesks.role.financeHint' },
  risk: { name: 'operatorDesks.role.risk', hint: 'operatorDesks.role.riskHint' },
  support: { name: 'operatorDesks.role.support', hint: 'operatorDesks.role.supportHint' },
  auditor: { name: 'operatorDesks.role.auditor', hint: 'operatorDesks.role.auditorHint' },
};

/** A desk's form inside a dialog, or a filter bar: small labels over dense inputs. */
export const DeskForm = styled.div`
  display: grid;
  gap: 12px;
  .field { display: grid; gap: 5px; }
  .field > label, .legend { font-size: 12px; color: ${({ theme }) => theme.color.textDim}; }
  input[type='text'], input[type='password'], input[type='date'], input[type='search'], select {
    ${fieldInput('6px 9px')}
    font: inherit;
  }
  input:focus, select:focus { outline: none; border-color: ${({ theme }) => theme.color.accent}; }
  .with-button { display: flex; gap: 6px; }
  .with-button input { flex: 1; }
  .error { color: ${({ theme }) => theme.color.down}; font-size: 12px; }
  fieldset { border: 0; margin: 0; padding: 0; display: grid; gap: 6px; }
  fieldset legend { padding: 0; margin-bottom: 6px; }
  .role { display: grid; grid-template-columns: auto 1fr; gap: 2px 8px; align-items: baseline; cursor: pointer; }
  .role small { grid-column: 2; color: ${({ theme }) => theme.color.textFaint}; font-size: 11px; }
  ${PHONE} { .role small { display: none; } }
`;

/** The role checkboxes of a Formik form whose field `name` is the chosen roles, with the field's message. */
export function RoleChecks(props: { name: string; error?: string }) {
  const { t } = useTranslation();
  return (
    <fieldset aria-describedby={props.error ? `${props.name}-error` : undefined}>
      <legend className="legend">{t('operatorDesks.operators.roles')}</legend>
      {OPERATOR_ROLES.map((role) => (
        <label key={role} className="role">
          <Field type="checkbox" name={props.name} value={role} />
          <span>{t(ROLE_KEYS[role].name)}</span>
          <small>{t(ROLE_KEYS[role].hint)}</small>
        </label>
      ))}
      {props.error && (
        <span className="error" id={`${props.name}-error`} role="alert">
          {t(props.error)}
        </span>
      )}
    </fieldset>
  );
}
