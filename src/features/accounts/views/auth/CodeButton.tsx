import { useTranslation } from 'react-i18next';
import { Button } from '../../../../app/ui/Button';

/**
 * "Send code", or the seconds left before another may be asked for (the flow machine counts). It
 * never shrinks below its text beside the code field: its min-width would otherwise let the flex
 * row squeeze it, and the longer countdown ("Renvoyer dans 59 s") ran out of the card.
 */
export function CodeButton(props: { resendIn: number; sending: boolean; onSend: () => void }) {
  const { t } = useTranslation();
  const waiting = props.resendIn > 0;
  return (
    <Button type="button" $variant="ghost" disabled={waiting || props.sending} onClick={props.onSend} style={{ minWidth: 120, flexShrink: 0 }}>
      {waiting ? t('auth.resendIn', { seconds: props.resendIn }) : t('auth.sendCode')}
    </Button>
  );
}
