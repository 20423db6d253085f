import { Form, Formik, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { PHONE } from '../../../../app/theme';
import { Button } from '../../../../app/ui/Button';
import { RetryAlert } from '../../../../app/ui/RetryButton';
import { ConfirmDialog } from '../../../../app/ui/ConfirmDialog';
import { FormField } from '../../../../app/ui/FormField';
import { Muted, PageTitle, Panel, PanelBody } from '../../../../app/ui/Panel';
import { boundsOf, formOfSettings, legalTradeSchema, type LegalTradeForm } from '../../../../../domain/fiatSettings';
import { useFiatSettings } from '../../fiat.hooks';

/** Label and hint keys of each setting. */
const FIELDS: Record<keyof LegalTradeForm, { label: string; hint: string; inputMode: 'decimal' | 'numeric' }> = {
  pay_time: { label: 'fiat.settings.payTime', hint: 'fiat.settings.payTimeHint', inputMode: 'decimal' },
  confirm_time: { label: 'fiat.settings.confirmTime', hint: 'fiat.settings.confirmTimeHint', inputMode: 'decimal' },
  max_unpaid_num: { label: 'fiat.settings.maxUnpaid', hint: 'fiat.settings.maxUnpaidHint', inputMode: 'numeric' },
  suspend_time: { label: 'fiat.settings.suspendTime', hint: 'fiat.settings.suspendTimeHint', inputMode: 'decimal' },
  max_online_ads: { label: 'fiat.settings.maxOnlineAds', hint: 'fiat.settings.maxOnlineAdsHint', inputMode: 'numeric' },
};

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 16px;
  margin: 16px 0;
  ${PHONE} { grid-template-columns: minmax(0, 1fr); }
  .field { display: grid; gap: 6px; align-content: start; }
  .with-button { display: flex; }
  label { font-size: 13px; font-weight: 600; }
  input {
    background: ${({ theme }) => theme.color.panelRaised};
    border: 1px solid ${({ theme }) => theme.color.fieldBorder};
    border-radius: 4px;
    padding: 8px 10px;
    color: ${({ theme }) => theme.color.text};
    font: inherit;
    font-family: ${({ theme }) => theme.font.mono};
    width: 100%;
  }
  input:focus { outline: none; border-color: ${({ theme }) => theme.color.accent}; box-shadow: 0 0 0 1px ${({ theme }) => theme.color.accent}; }
  input[aria-invalid='true'] { border-color: ${({ theme }) => theme.color.down}; }
  .hint { font-size: 12px; color: ${({ theme }) => theme.color.textDim}; }
  .error { font-size: 12px; color: ${({ theme }) => theme.color.down}; }
`;

const Actions = styled.div`
  display: flex;
  gap: 10px;
  justify-content: flex-end;
  flex-wrap: wrap;
`;

/** One setting: its label, input, what it means, and the form's translated message (with the setting's bounds). */
function SettingField(props: { name: keyof LegalTradeForm }) {
  const field = FIELDS[props.name];
  return <FormField name={props.name} labelKey={field.label} hintKey={field.hint} inputMode={field.inputMode} messageValues={boundsOf(props.name)} />;
}

/** The buttons: save (once something changed) and undo. */
function FormActions(props: { busy: boolean }) {
  const { t } = useTranslation();
  const { dirty, resetForm } = useFormikContext<LegalTradeForm>();
  return (
    <Actions>
      <Button type="button" $variant="ghost" disabled={!dirty || props.busy} onClick={() => resetForm()}>
        {t('fiat.settings.undo')}
      </Button>
      <Button type="submit" $variant="primary" disabled={!dirty || props.busy}>
        {t('fiat.settings.save')}
      </Button>
    </Actions>
  );
}

/**
 * The operator's "Trade settings" tab: legal_trade's pay_time and confirm_time (minutes, fractions
 * allowed), max_unpaid_num, and the P2P guards suspend_time (minutes) and max_online_ads, edited in a form with the rules the server applies, saved after a
 * confirmation listing what changes.
 */
export function TradeSettingsDesk() {
  const { t } = useTranslation();
  const desk = useFiatSettings();
  const label = (field: keyof LegalTradeForm) => t(FIELDS[field].label);
  return (
    <Panel>
      <PanelBody>
        <PageTitle>{t('fiat.settings.title')}</PageTitle>
        <Muted>{t('fiat.settings.intro')}</Muted>
        {desk.loading && !desk.settings && <p className="dim">{t('common.loading')}</p>}
        <RetryAlert failed={desk.failed} onRetry={desk.retry} />
        {desk.settings && (
          <Formik<LegalTradeForm> key={desk.revision} initialValues={formOfSettings(desk.settings)} validationSchema={legalTradeSchema} onSubmit={(values) => desk.submit(values)}>
            <Form noValidate aria-label={t('fiat.settings.title')}>
              <Fields>
                <SettingField name="pay_time" />
                <SettingField name="confirm_time" />
                <SettingField name="max_unpaid_num" />
                <SettingField name="suspend_time" />
                <SettingField name="max_online_ads" />
              </Fields>
              <FormActions busy={desk.confirming || desk.saving} />
            </Form>
          </Formik>
        )}
      </PanelBody>
      {(desk.confirming || desk.saving) && (
        <ConfirmDialog title={t('fiat.settings.confirmTitle')} cancelLabel={t('common.cancel')} confirmLabel={t('fiat.settings.save')} busy={desk.saving} onCancel={desk.back} onConfirm={desk.confirm}>
          <p style={{ marginTop: 0 }}>{t('fiat.settings.confirmIntro')}</p>
          <ul data-testid="settings-changes" style={{ margin: 0, paddingLeft: 18 }}>
            {desk.changes.map((c) => (
              <li key={c.field}>{t('fiat.settings.change', { label: label(c.field), from: c.from, to: c.to })}</li>
            ))}
          </ul>
        </ConfirmDialog>
      )}
    </Panel>
  );
}
