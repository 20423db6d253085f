import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmActActorRef } from '../machines/confirmAct/confirmAct.machine';
import { useConfirmActQuestion } from '../views/confirmActQuestion';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { FormProblem } from './FormRows';

/**
 * The spec §8 confirmation prompt: a question, Cancel ("Cancel" unless `cancelLabel` says) and one
 * confirming button. Whether it is open (and whether the action is under way) is the caller's
 * machine's business.
 */
export function ConfirmDialog(props: {
  title: ReactNode;
  cancelLabel?: string;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={props.title}
      onClose={props.onCancel}
      footer={
        <>
          <Button type="button" $variant="ghost" onClick={props.onCancel}>
            {props.cancelLabel ?? t('common.cancel')}
          </Button>
          <Button type="button" $variant={props.tone ?? 'primary'} disabled={props.busy} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      {props.children}
    </Dialog>
  );
}

/** The catalogue keys of one question about a subject (the order, key or address it is about). */
export interface ConfirmTexts {
  titleKey: string;
  /** The question; a confirmation that shows only what is about to be sent (`details`) has none. */
  questionKey?: string;
  params?: Record<string, string>;
  /** The confirming button; "Confirm" unless said. */
  confirmKey?: string;
  /**
   * The button that leaves things as they are; "Cancel" unless said. A question whose act is
   * itself a cancel or a delete says what each button does ("Keep order" / "Cancel order", issue 50 C3).
   */
  keepKey?: string;
}

interface ConfirmActProps<TSubject> {
  texts: (subject: TSubject) => ConfirmTexts;
  /** What the act is about to do, shown under the question (a close's type, price and quantity). */
  details?: (subject: TSubject) => ReactNode;
  tone?: 'primary' | 'danger';
}

/**
 * The question of a confirm-then-act child (app/machines/confirmAct), rendered from its snapshot:
 * shown while it asks or acts (the buttons wait while it acts), gone once idle. Every cancel,
 * delete, revoke and close of the app asks through it; `texts` words the question about the subject.
 */
export function ConfirmActDialog<TSubject>(props: ConfirmActProps<TSubject> & { actor: ConfirmActActorRef | undefined }) {
  const { actor, ...rest } = props;
  return actor ? <ConfirmActQuestion actor={actor} {...rest} /> : null;
}

function ConfirmActQuestion<TSubject>(props: ConfirmActProps<TSubject> & { actor: ConfirmActActorRef }) {
  const { t } = useTranslation();
  const { asked: subject, acting, refusal, confirm, cancel } = useConfirmActQuestion<TSubject>(props.actor);
  if (subject === undefined) return null;
  const texts = props.texts(subject);
  return (
    <ConfirmDialog
      title={t(texts.titleKey)}
      cancelLabel={texts.keepKey ? t(texts.keepKey) : undefined}
      confirmLabel={t(texts.confirmKey ?? 'common.confirm')}
      tone={props.tone ?? 'danger'}
      busy={acting}
      onConfirm={confirm}
      onCancel={cancel}
    >
      {props.details ? (
        <>
          {texts.questionKey && <p style={{ margin: 0 }}>{t(texts.questionKey, texts.params)}</p>}
          {props.details(subject)}
        </>
      ) : (
        texts.questionKey && t(texts.questionKey, texts.params)
      )}
      {/* A refusal the child keeps (keepRefusal): said here until the question is answered again or closed. */}
      {refusal && (
        <FormProblem role="alert" data-testid="confirm-refusal" style={{ marginTop: 8 }}>
          {'key' in refusal ? t(refusal.key) : refusal.text}
        </FormProblem>
      )}
    </ConfirmDialog>
  );
}
