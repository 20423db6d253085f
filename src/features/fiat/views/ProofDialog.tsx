import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToastMessage } from '../../../../domain/errors';
import { ConfirmDialog } from '../../../app/ui/ConfirmDialog';
import { useProvenAct } from '../fiat.hooks';
import type { ProvenActActorRef } from '../machines/provenAct/provenAct.machine';

/** A refusal as the machines keep it: a catalogue key, or the server's translated text. */
function RefusalLine(props: { refusal: ToastMessage | undefined }) {
  const { t } = useTranslation();
  if (!props.refusal) return null;
  return (
    <p role="alert" className="down" data-testid="proof-refusal" style={{ margin: 0 }}>
      {'key' in props.refusal ? t(props.refusal.key) : props.refusal.text}
    </p>
  );
}

/**
 * The confirmation of a P2P step that sends the user's crypto to someone else (issue 49 §2: a
 * release, a sale into a buy ad, a sell ad published or resumed): the question, the funds password
 * and — when the user has 2FA on, or it is not known — the authenticator's code, as a withdrawal
 * asks, and why the last Confirm was refused (the server's message: the 24-hour lock with its end,
 * a wrong password with the attempts left). The typed text is presentation state until Confirm
 * sends it to the machine, which holds it only while the step is sent.
 */
export function ProofDialog(props: {
  title: string;
  confirmLabel?: string;
  tone?: 'primary' | 'danger';
  busy: boolean;
  twoFactor: boolean | undefined;
  refusal: ToastMessage | undefined;
  onConfirm: (fundsPassword: string, totpCode: string) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const passwordId = useId();
  const codeId = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const send = () => {
    if (!props.busy) props.onConfirm(password, code);
  };
  return (
    <ConfirmDialog title={props.title} confirmLabel={props.confirmLabel ?? t('common.confirm')} tone={props.tone} busy={props.busy} onConfirm={send} onCancel={props.onCancel}>
      <form
        style={{ display: 'grid', gap: 10 }}
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <div>{props.children}</div>
        <p className="faint" style={{ margin: 0 }}>
          {t('fiat.proof.why')}
        </p>
        <label htmlFor={passwordId}>{t('fiat.proof.fundsPassword')}</label>
        <input id={passwordId} name="funds_password" type="password" autoComplete="off" autoFocus value={password} onChange={(e) => setPassword(e.target.value)} />
        {props.twoFactor !== false && (
          <>
            <label htmlFor={codeId}>{t(props.twoFactor ? 'fiat.proof.code' : 'fiat.proof.codeIfOn')}</label>
            <input id={codeId} name="totp_code" type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={11} value={code} onChange={(e) => setCode(e.target.value)} />
          </>
        )}
        <RefusalLine refusal={props.refusal} />
        <button type="submit" hidden />
      </form>
    </ConfirmDialog>
  );
}

/**
 * The question of a provenAct child (the seller's release, a sell ad resumed), rendered from its
 * snapshot: shown while it reads whether 2FA is on, asks or acts (the buttons wait meanwhile), gone
 * once idle. `texts` words the question about the subject.
 */
export function ProvenActDialog<TSubject>(props: {
  actor: ProvenActActorRef | undefined;
  texts: (subject: TSubject) => { titleKey: string; questionKey: string; params?: Record<string, string> };
  tone?: 'primary' | 'danger';
}) {
  return props.actor ? <ProvenActQuestion actor={props.actor} texts={props.texts} tone={props.tone} /> : null;
}

function ProvenActQuestion<TSubject>(props: { actor: ProvenActActorRef; texts: (subject: TSubject) => { titleKey: string; questionKey: string; params?: Record<string, string> }; tone?: 'primary' | 'danger' }) {
  const { t } = useTranslation();
  const q = useProvenAct<TSubject>(props.actor);
  if (q.asked === undefined) return null;
  const texts = props.texts(q.asked);
  return (
    <ProofDialog title={t(texts.titleKey)} tone={props.tone ?? 'danger'} busy={q.reading || q.acting} twoFactor={q.reading ? false : q.twoFactor} refusal={q.refusal} onConfirm={q.confirm} onCancel={q.cancel}>
      {t(texts.questionKey, texts.params)}
    </ProofDialog>
  );
}
