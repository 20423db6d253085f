import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { quantity, ratioPercent, unitPrice } from '../../../../../domain/figures';
import { ICO_CURRENCY, type IcoOperatorProject } from '../../../../../domain/ico';
import { Button } from '../../../../app/ui/Button';
import { Panel, PanelBody, PageTitle } from '../../../../app/ui/Panel';
import { STATUS_KEYS, useIcoDesk } from '../../ico.hooks';
import type { ProjectField } from '../../machines/icoDesk/icoDesk.machine';
import { dateTime } from '../icoFormat';
import { DescriptionTexts } from './DescriptionTexts';
import { RetryTable } from '../../../../app/ui/RetryButton';

const Form = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: 10px;
  margin: 12px 0;
  label { display: flex; flex-direction: column; gap: 4px; font-size: 12px; color: ${({ theme }) => theme.color.textDim}; }
  input, textarea { font: inherit; padding: 6px 8px; border-radius: 4px; border: 1px solid ${({ theme }) => theme.color.fieldBorder};
    background: ${({ theme }) => theme.color.bg}; color: ${({ theme }) => theme.color.text}; }
  .wide { grid-column: 1 / -1; }
`;

const Problem = styled.span`
  color: ${({ theme }) => theme.color.down};
`;

const Hint = styled.span`
  align-self: end;
  font-size: 12px;
  color: ${({ theme }) => theme.color.textDim};
`;

const TEXT_FIELDS: Array<[ProjectField, string]> = [
  ['symbol', 'ico.desk.field.symbol'],
  ['name', 'ico.desk.field.name'],
  ['total', 'ico.desk.field.total'],
  ['price', 'ico.desk.field.price'],
  ['token_places', 'ico.desk.field.token_places'],
  ['min_quantity', 'ico.desk.field.min_quantity'],
  ['max_quantity', 'ico.desk.field.max_quantity'],
  ['release_rate', 'ico.desk.field.release_rate'],
  ['release_period_s', 'ico.desk.field.release_period_s'],
];

const TIME_FIELDS: Array<['start_at' | 'end_at', string]> = [
  ['start_at', 'ico.desk.field.start_at'],
  ['end_at', 'ico.desk.field.end_at'],
];

/** The browser's time zone, named for the hint beside the pickers. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The operator's ICO tab: projects, and the form that creates or edits one (times picked in the operator's time zone). */
export function IcoDesk() {
  const { t, i18n } = useTranslation();
  const desk = useIcoDesk();
  const form = desk.form;
  const problem = desk.problem;
  return (
    <Panel>
      <PanelBody>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <PageTitle>{t('ico.desk.title')}</PageTitle>
          {!form && <Button $small $variant="primary" onClick={desk.create}>{t('ico.desk.new')}</Button>}
        </div>
        {form && (
          <>
            <Form aria-label={t('ico.desk.form')}>
              {TEXT_FIELDS.map(([field, label]) => (
                <label key={field}>
                  {t(label)}
                  <input name={field} value={String(form[field])} disabled={field === 'symbol' && form.id !== undefined} onChange={(e) => desk.field(field, e.target.value)} />
                </label>
              ))}
              {TIME_FIELDS.map(([field, label]) => {
                // A date picker and a 24-hour time typed as HH:MM (issue 50 C12: datetime-local showed
                // 12-hour times in an English browser, while the app writes 24-hour ones everywhere).
                const [date = '', time = ''] = form[field].split('T');
                const describedBy = problem?.field === field ? `ico-desk-${field}-problem` : 'ico-desk-zone';
                return (
                  <fieldset key={field} style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 4 }}>
                    <legend style={{ padding: 0 }}>{t(label)}</legend>
                    <span style={{ display: 'flex', gap: 6 }}>
                      <input type="date" name={`${field}_date`} aria-label={t('ico.desk.date', { field: t(label) })} value={date} aria-invalid={problem?.field === field} aria-describedby={describedBy} onChange={(e) => desk.field(field, `${e.target.value}T${time}`)} />
                      <input
                        type="text"
                        name={`${field}_time`}
                        inputMode="numeric"
                        placeholder="HH:MM"
                        maxLength={8}
                        size={8}
                        aria-label={t('ico.desk.time24', { field: t(label) })}
                        value={time}
                        aria-invalid={problem?.field === field}
                        aria-describedby={describedBy}
                        onChange={(e) => desk.field(field, `${date}T${e.target.value.trim()}`)}
                      />
                    </span>
                    {problem?.field === field && <Problem id={`ico-desk-${field}-problem`} role="alert">{t(problem.key)}</Problem>}
                  </fieldset>
                );
              })}
              <Hint id="ico-desk-zone">{t('ico.desk.timeZone', { zone: timeZone() })}</Hint>
              <DescriptionTexts texts={form.descriptions} problem={problem} onChange={desk.description} />
              <label style={{ flexDirection: 'row', alignItems: 'center', gap: 6 }}>
                <input type="checkbox" name="listed" checked={form.listed} onChange={(e) => desk.field('listed', e.target.checked)} />
                {t('ico.desk.field.listed')}
              </label>
              {/* A save that lists the project opens its spot market: the operator's 2FA code (the label names the field alone; the hint and problem describe it). */}
              {desk.listing && (
                <>
                  <label>
                    {t('ico.desk.code')}
                    <input
                      name="code"
                      value={form.code}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      aria-invalid={problem?.field === 'code'}
                      aria-describedby={problem?.field === 'code' ? 'ico-desk-code-hint ico-desk-code-problem' : 'ico-desk-code-hint'}
                      onChange={(e) => desk.field('code', e.target.value)}
                    />
                  </label>
                  <Hint id="ico-desk-code-hint">{t('ico.desk.codeHint')}</Hint>
                  {problem?.field === 'code' && <Problem id="ico-desk-code-problem" role="alert">{t(problem.key)}</Problem>}
                </>
              )}
            </Form>
            <div style={{ display: 'flex', gap: 8 }}>
              <Button $variant="primary" onClick={desk.save} disabled={desk.saving}>{t('ico.desk.save')}</Button>
              <Button $variant="ghost" onClick={desk.cancel}>{t('common.cancel')}</Button>
            </div>
          </>
        )}
        <RetryTable<IcoOperatorProject>
          failed={desk.failed}
          onRetry={desk.retry}
          loading={desk.loading}
          label={t('ico.desk.title')}
          rows={desk.projects}
          emptyKey="ico.empty"
          columns={[
            { key: 'col.currency', render: (r) => <b>{r.symbol}</b> },
            { key: 'col.name', render: (r) => r.name },
            { key: 'col.raisePrice', align: 'right', render: (r) => <span className="num">{unitPrice(r.price, ICO_CURRENCY)}</span> },
            { key: 'col.progress', align: 'right', render: (r) => <span className="num">{quantity(r.subscribed, r.token_places)} / {quantity(r.total, r.token_places)} ({ratioPercent(r.progress)})</span> },
            { key: 'col.endTime', render: (r) => <span className="num">{dateTime(r.end_at, i18n.language)}</span> },
            { key: 'col.status', render: (r) => t(STATUS_KEYS[r.status]) },
            { key: 'col.actions', align: 'right', render: (r) => <Button $small $variant="ghost" onClick={() => desk.edit(r.id)}>{t('ico.desk.edit')}</Button> },
          ]}
        />
      </PanelBody>
    </Panel>
  );
}
