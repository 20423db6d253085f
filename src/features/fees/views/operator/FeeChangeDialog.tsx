import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../../../app/ui/Button';
import { DeskCodeAndRefusal, type DeskDialogProps } from '../../../../app/ui/DeskDialog';
import { DeskFormikDialog } from '../../../../app/ui/DeskFormikDialog';
import type { FeeChange } from '../../machines/feesDesk/feesDesk.changes';
import { ratePercent, volumeUsdt } from '../feeFormat';
import { codeSchema, type CodeValues } from './feesDeskSchemas';

const Changes = styled.ul`
  margin: 0;
  padding-left: 18px;
  display: grid;
  gap: 4px;
  font-variant-numeric: tabular-nums;
`;

/**
 * The confirmation of a tier table or schedule row's edit: what it changes, old → new (a rate as the
 * desk shows it, a tier's minimum volume in USDT), and the operator's own 2FA code, without which
 * the server changes nothing. Back returns to the form with its values.
 */
export function FeeChangeDialog(props: DeskDialogProps & { subject: string; changes: FeeChange[]; onConfirm: (code: string) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const shown = (c: FeeChange, value: string | undefined, missingKey: string) => (value === undefined ? t(missingKey) : c.kind === 'rate' ? ratePercent(value) : volumeUsdt(value));
  return (
    <DeskFormikDialog<CodeValues> {...props} title={t('fees.form.confirmTitle')} submitKey="fees.form.confirm" intro={t('fees.form.confirmIntro')}
      initialValues={{ code: '' }} validationSchema={codeSchema} onSubmit={(v) => props.onConfirm(v.code.trim())}>
      <strong>{props.subject}</strong>
      {props.changes.length === 0 ? (
        <p style={{ margin: 0 }}>{t('fees.form.noChange')}</p>
      ) : (
        <Changes aria-label={t('fees.form.changes')}>
          {props.changes.map((c) => (
            <li key={`${c.labelKey} ${JSON.stringify(c.params ?? {})}`}>
              {t('fees.form.changeLine', { what: t(c.labelKey, c.params), before: shown(c, c.before, 'fees.form.none'), after: shown(c, c.after, 'fees.form.removed') })}
            </li>
          ))}
        </Changes>
      )}
      <DeskCodeAndRefusal labelKey="fees.form.code" refusal={props.refusal} />
      <div>
        <Button type="button" $small $variant="ghost" onClick={props.onBack} disabled={props.sending}>
          {t('fees.form.back')}
        </Button>
      </div>
    </DeskFormikDialog>
  );
}
