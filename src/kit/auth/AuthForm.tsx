import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { ToastMessage } from '../../../domain/errors';
import { Button } from '../../app/ui/Button';
import { fieldInput, FormField } from '../../app/ui/FormField';
import { FormProblem } from '../../app/ui/FormRows';
import { phoneTapTarget } from '../../app/ui/tapTarget';
import { PasswordMeter } from './PasswordMeter';

/** The auth forms' field is the design system's; settings pages import it from here too. */
export { FormField };

export const AuthCard = styled.div`
  max-width: 420px;
  margin: 32px auto;
  background: ${({ theme }) => theme.color.panel};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: 6px;
  padding: 26px 28px;
  h1 { margin: 0 0 6px; font-size: 22px; }
  .intro { margin: 0 0 18px; color: ${({ theme }) => theme.color.textDim}; }
  .field { display: grid; gap: 5px; margin-bottom: 14px; color: ${({ theme }) => theme.color.textDim}; }
  label.check { display: flex; align-items: center; gap: 8px; margin-bottom: 14px; color: ${({ theme }) => theme.color.textDim}; }
  input[type='text'], input[type='password'], input[type='email'] { ${fieldInput('9px 10px')} }
  .with-button { display: flex; gap: 8px; }
  .error { color: ${({ theme }) => theme.color.down}; font-size: 12px; }
  .links { display: flex; justify-content: space-between; margin-top: 14px; }
  button.linkish { all: unset; cursor: pointer; color: ${({ theme }) => theme.color.accent}; }
  .links a, button.linkish { ${phoneTapTarget} }
`;

/** The second page of a two-page flow opened on its own: say so and link back to the first. */
export function StartOver(props: { titleKey: string; to: string; linkKey: string }) {
  const { t } = useTranslation();
  return (
    <AuthPage title={t(props.titleKey)} intro={t('auth.startOver')}>
      <Link to={props.to}>{t(props.linkKey)} →</Link>
    </AuthPage>
  );
}

/** An auth page's card: its title, an optional intro, the form, and the links under it. */
export function AuthPage(props: { title: string; intro?: ReactNode; children: ReactNode; links?: ReactNode }) {
  return (
    <AuthCard>
      <h1>{props.title}</h1>
      {props.intro !== undefined && <p className="intro">{props.intro}</p>}
      {props.children}
      {props.links && <p className="links">{props.links}</p>}
    </AuthCard>
  );
}

/** The full-width submit button of an auth form, off while its request runs. */
export function AuthSubmit(props: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" disabled={props.busy} style={{ width: '100%' }}>
      {props.children}
    </Button>
  );
}

/**
 * A form's refusal (the server's translated message, or a catalogue key), written in the form and
 * announced, for as long as the machine keeps it: until the form is changed or sent again (issue 50 S3).
 */
export function FormRefusal(props: { refusal: ToastMessage | undefined; testId: string }) {
  const { t } = useTranslation();
  if (!props.refusal) return null;
  return (
    <FormProblem role="alert" data-testid={props.testId}>
      {'key' in props.refusal ? t(props.refusal.key) : props.refusal.text}
    </FormProblem>
  );
}

/** "← Back" to the first page of a two-page flow, as a link-looking button. */
export function BackLink(props: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="linkish" onClick={props.onBack}>
      ← {t('auth.back')}
    </button>
  );
}

/** A new password with its strength meter (judged against `related`, the account), then the same password again. */
export function NewPasswordFields(props: { name: string; labelKey: string; repeatLabelKey: string; related?: readonly string[] }) {
  return (
    <>
      <FormField name={props.name} labelKey={props.labelKey} type="password" autoComplete="new-password" />
      <PasswordMeter name={props.name} related={props.related} />
      <FormField name={`${props.name}_repeat`} labelKey={props.repeatLabelKey} type="password" autoComplete="new-password" />
    </>
  );
}
