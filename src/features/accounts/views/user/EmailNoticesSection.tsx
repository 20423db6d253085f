import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Muted } from '../../../../app/ui/Panel';
import { FailedLine } from '../../../../app/ui/RetryButton';
import { useNoticeSettingsFlow } from '../../notices.hooks';

const Section = styled.section`
  margin-top: 18px;
  padding-top: 14px;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  h2 { margin: 0 0 10px; font-size: 15px; }
  .switch-row { display: flex; align-items: center; gap: 10px; min-height: 32px; }
  .switch-row label { color: ${({ theme }) => theme.color.text}; cursor: pointer; }
  .hint { display: block; margin-top: 2px; color: ${({ theme }) => theme.color.textDim}; font-size: 12px; }
`;

/** A checkbox drawn as a switch (role="switch": said "on" / "off"); the design system has none. */
const Switch = styled.input`
  appearance: none;
  flex: none;
  position: relative;
  width: 36px;
  height: 20px;
  margin: 0;
  border-radius: 10px;
  border: 1px solid ${({ theme }) => theme.color.fieldBorder};
  background: ${({ theme }) => theme.color.panelRaised};
  cursor: pointer;
  transition: background 0.15s;
  &::after {
    content: '';
    position: absolute;
    top: 2px;
    left: 2px;
    width: 14px;
    height: 14px;
    border-radius: 50%;
    background: ${({ theme }) => theme.color.textDim};
    transition: transform 0.15s;
  }
  &:checked { background: ${({ theme }) => theme.color.accent}; border-color: ${({ theme }) => theme.color.accent}; }
  &:checked::after { transform: translateX(16px); background: ${({ theme }) => theme.color.accentText}; }
  &[aria-busy='true'] { opacity: 0.6; cursor: progress; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.accent}; outline-offset: 2px; }
`;

/**
 * /user/c-set's "Email notifications" (machines/noticeSettings): one switch, whether the trading
 * alerts are emailed too, with what they are. While a change is saved the switch shows it and takes
 * no other press (it keeps the focus: not disabled); refused, it is back on the saved value with
 * the reason under it.
 */
export function EmailNoticesSection() {
  const { t } = useTranslation();
  const flow = useNoticeSettingsFlow();
  const ids = { title: useId(), input: useId(), hint: useId() };
  return (
    <Section aria-labelledby={ids.title}>
      <h2 id={ids.title}>{t('noticeSettings.title')}</h2>
      {flow.loadFailed ? (
        <FailedLine onRetry={flow.retry}>{t('noticeSettings.loadFailed')}</FailedLine>
      ) : flow.loading ? (
        <Muted>{t('common.loading')}</Muted>
      ) : (
        <>
          <div className="switch-row">
            <Switch
              id={ids.input}
              type="checkbox"
              role="switch"
              checked={flow.tradingEmails}
              aria-describedby={ids.hint}
              aria-busy={flow.saving}
              onChange={() => {
                if (!flow.saving) flow.toggle();
              }}
            />
            <label htmlFor={ids.input}>{t('noticeSettings.tradingEmails')}</label>
          </div>
          <small className="hint" id={ids.hint}>
            {t('noticeSettings.tradingEmailsHint')}
          </small>
          {flow.refusal && (
            <p className="error" role="alert">
              {'key' in flow.refusal ? t(flow.refusal.key) : flow.refusal.text}
            </p>
          )}
        </>
      )}
    </Section>
  );
}
