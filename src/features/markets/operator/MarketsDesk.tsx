import { Form, Formik, Field } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { HALT_REASON_MAX } from '../../../../domain/market';
import { MARKET_KINDS, type DelistSubject, type OperatorMarket } from '../../../../domain/marketsDesk';
import { Badge } from '../../../app/ui/Badge';
import { Button } from '../../../app/ui/Button';
import { ConfirmActDialog } from '../../../app/ui/ConfirmDialog';
import { DataTable } from '../../../app/ui/DataTable';
import { DateTime } from '../../../app/ui/DateTime';
import { DeskDialog, type DeskDialogProps, DeskHead, DeskRefusal, ReloadButton } from '../../../app/ui/DeskDialog';
import { fieldInput } from '../../../app/ui/FormField';
import { FormProblem } from '../../../app/ui/FormRows';
import { Muted } from '../../../app/ui/Panel';
import { RetryAlert } from '../../../app/ui/RetryButton';
import { PressedChoice } from '../../../app/ui/Segmented';
import { haltedByDelisting, haltReason, type ResumeSubject } from './marketsDesk/marketsDesk.machine';
import { ListContractDialog } from './ContractForm';
import { ListCurrencyDialog } from './CurrencyForm';
import { DeskCurrencies } from './DeskCurrencies';
import { DelistDialog, ListPairDialog } from './MarketForms';
import { useMarketsDesk } from './marketsDesk.hooks';

/** Each kind of market's name on the choice above the list. */
const KIND_KEYS = { spot: 'marketsDesk.kind.spot', futures: 'marketsDesk.kind.futures' } as const;

/** A halt's reason in the table: wraps inside its column instead of widening the table. */
const Reason = styled.span`
  display: inline-block;
  white-space: normal;
  max-width: 340px;
  overflow-wrap: anywhere;
`;

/** An announced delisting under the market's state. */
const Delisting = styled.span`
  display: block;
  margin-top: 3px;
  font-size: 11px;
  color: ${({ theme }) => theme.color.textDim};
`;

const Actions = styled.span`
  display: inline-flex;
  gap: 6px;
`;

const ReasonField = styled.div`
  display: grid;
  gap: 5px;
  label { font-size: 12px; color: ${({ theme }) => theme.color.textDim}; }
  textarea { ${fieldInput('6px 9px')} font: inherit; resize: vertical; min-height: 72px; }
  textarea:focus { outline: none; border-color: ${({ theme }) => theme.color.accent}; }
  .count { font-size: 11px; color: ${({ theme }) => theme.color.textFaint}; text-align: right; }
`;

/**
 * /operator, "Markets" (risk; an auditor reads it): every spot market or perpetual contract (a
 * choice above the list), trading or halted with the reason traders read and since when, and an
 * announced delisting's time. Halt asks the reason; resume asks first, and is not offered once the
 * market's delisting halted it (the server refuses it); "List a currency", "List a contract", "List a
 * pair" and a market's, contract's or currency's "Delist" (until one is announced) open a form each that asks the operator's 2FA code.
 * Below the markets, the currencies: listed, or being delisted until when and why. The list
 * follows the pair list's channel, so another operator's change shows without a reload. All are offered only to
 * roles granting trading.write; the server checks each call anyway.
 */
export function MarketsDesk() {
  const { t } = useTranslation();
  const desk = useMarketsDesk();
  // A market's name on the desk: the pair, and "perpetual" for a contract (the spot market of the same pair is another market).
  const named = (m: { market: DelistSubject; symbol: string }) => `${m.symbol.replace('_', '/')}${m.market === 'futures' ? ` ${t('marketsDesk.kind.futures')}` : ''}`;
  return (
    <section aria-label={t('marketsDesk.title')}>
      <DeskHead>
        <h2>{t('marketsDesk.title')}</h2>
        {desk.mayAct && (
          <Button type="button" $small $variant="ghost" onClick={desk.openCurrency}>
            {t('marketsDesk.currency.list')}
          </Button>
        )}
        {desk.mayAct && (
          <Button type="button" $small $variant="ghost" onClick={desk.openContract}>
            {t('marketsDesk.contract.list')}
          </Button>
        )}
        {desk.mayAct && (
          <Button type="button" $small onClick={desk.openListing}>
            {t('marketsDesk.form.list')}
          </Button>
        )}
        <ReloadButton onReload={desk.reload} loading={desk.loading} labelKey="marketsDesk.reload" />
      </DeskHead>
      <Muted style={{ margin: '6px 0 10px' }}>{t('marketsDesk.intro')}</Muted>
      <RetryAlert failed={desk.failed} onRetry={desk.reload} />
      <PressedChoice
        role="group"
        label={t('marketsDesk.kind.label')}
        value={desk.shown}
        options={MARKET_KINDS.map((kind) => [kind, t(KIND_KEYS[kind])] as const)}
        onChoose={desk.show}
      />
      <DataTable<OperatorMarket>
        label={t('marketsDesk.title')}
        rows={desk.markets.filter((m) => m.market === desk.shown)}
        rowKey={(m) => `${m.market}:${m.symbol}`}
        emptyKey={desk.loading ? 'common.loading' : 'marketsDesk.empty'}
        columns={[
          { key: 'marketsDesk.col.market', render: (m) => <b>{named(m)}</b> },
          {
            key: 'marketsDesk.col.state',
            render: (m) => (
              <>
                <Badge $tone={m.halted_reason === null ? 'up' : 'down'}>{t(m.halted_reason === null ? 'marketsDesk.trading' : 'marketsDesk.haltedState')}</Badge>
                {m.delist_at != null && (
                  <Delisting>
                    {t('marketsDesk.form.delistsAt')} <DateTime at={m.delist_at} />
                  </Delisting>
                )}
              </>
            ),
          },
          { key: 'marketsDesk.col.reason', render: (m) => (m.halted_reason === null ? '—' : <Reason>{m.halted_reason}</Reason>) },
          { key: 'marketsDesk.col.since', render: (m) => (m.halted_at === null ? '—' : <DateTime at={m.halted_at} />) },
          {
            key: 'marketsDesk.col.actions',
            align: 'right',
            render: (m) =>
              !desk.mayAct ? null : (
                <Actions>
                  {m.halted_reason === null ? (
                    <Button type="button" $small $variant="danger" onClick={() => desk.halt(m)}>
                      {t('marketsDesk.halt')}
                    </Button>
                  ) : (
                    !haltedByDelisting(m) && (
                      <Button type="button" $small $variant="ghost" onClick={() => desk.resume(m)}>
                        {t('marketsDesk.resume')}
                      </Button>
                    )
                  )}
                  {m.delist_at == null && (
                    <Button type="button" $small $variant="ghost" onClick={() => desk.openDelisting(m)}>
                      {t('marketsDesk.form.delist')}
                    </Button>
                  )}
                </Actions>
              ),
          },
        ]}
      />
      <DeskCurrencies currencies={desk.currencies} loading={desk.loading} mayAct={desk.mayAct} onDelist={desk.openDelisting} />
      {desk.halting && <HaltDialog key={desk.asked} market={named(desk.halting)} contract={desk.halting.market === 'futures'} sending={desk.sending} refusal={desk.refusal} onSubmit={desk.submitHalt} onClose={desk.close} />}
      {desk.listingCurrency && <ListCurrencyDialog key={desk.forms} sending={desk.formSending} refusal={desk.formRefusal} onSubmit={desk.submitCurrency} onClose={desk.closeForm} />}
      {desk.listingContract && <ListContractDialog key={desk.forms} sending={desk.formSending} refusal={desk.formRefusal} onSubmit={desk.submitContract} onClose={desk.closeForm} />}
      {desk.listing && <ListPairDialog key={desk.forms} sending={desk.formSending} refusal={desk.formRefusal} onSubmit={desk.submitListing} onClose={desk.closeForm} />}
      {desk.delisting && (
        <DelistDialog key={desk.forms} market={named(desk.delisting)} kind={desk.delisting.market} sending={desk.formSending} refusal={desk.formRefusal} onSubmit={desk.submitDelisting} onClose={desk.closeForm} />
      )}
      <ConfirmActDialog<ResumeSubject>
        actor={desk.resumeQuestion}
        tone="primary"
        texts={(s) => ({ titleKey: 'marketsDesk.resumeTitle', questionKey: 'marketsDesk.resumeQuestion', params: { market: named(s), reason: s.reason }, confirmKey: 'marketsDesk.resume' })}
      />
    </section>
  );
}

/** The halt question: the reason traders will read (required, at most 200 characters); the server's refusal shows here and the question stays. */
function HaltDialog(props: DeskDialogProps & { market: string; contract: boolean; onSubmit: (reason: string) => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const fieldId = useId();
  const market = props.market;
  return (
    <DeskDialog {...props} danger title={t('marketsDesk.haltTitle', { market })} submitKey="marketsDesk.halt" formId={formId}>
      <Formik<{ reason: string }>
        initialValues={{ reason: '' }}
        validate={(values) => (haltReason(values.reason) === undefined ? { reason: values.reason.trim().length === 0 ? 'marketsDesk.reasonRequired' : 'marketsDesk.reasonTooLong' } : {})}
        onSubmit={(values) => props.onSubmit(values.reason)}
      >
        {({ errors, touched, submitCount, values }) => {
          const error = touched.reason || submitCount > 0 ? errors.reason : undefined;
          return (
            <Form id={formId} noValidate aria-label={t('marketsDesk.haltTitle', { market })}>
              <Muted style={{ marginTop: 0 }}>{t(props.contract ? 'marketsDesk.haltQuestionContract' : 'marketsDesk.haltQuestion', { market })}</Muted>
              <ReasonField>
                <label htmlFor={fieldId}>{t('marketsDesk.reason')}</label>
                <Field as="textarea" id={fieldId} name="reason" maxLength={HALT_REASON_MAX * 2} aria-invalid={error ? true : undefined} aria-describedby={`${fieldId}-count`} />
                <span id={`${fieldId}-count`} className="count">
                  {t('marketsDesk.reasonCount', { used: values.reason.trim().length, max: HALT_REASON_MAX })}
                </span>
                {error && <FormProblem role="alert">{t(error, { max: HALT_REASON_MAX })}</FormProblem>}
              </ReasonField>
              <DeskRefusal refusal={props.refusal} />
            </Form>
          );
        }}
      </Formik>
    </DeskDialog>
  );
}
