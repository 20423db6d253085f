import { useTranslation } from 'react-i18next';
import { Button } from '../../../../app/ui/Button';

/** "Send code", or the seconds left before another may be asked for (the flow machine counts). */
export function CodeButton(props: { resendIn: number; sending: boolean; onSend: () => void }) {
  const { t } = useTranslation();
  const waiting = props.resendIn > 0;
  return (
    <Button type="button" $variant="ghost" disabled={waiting || props.sending} onClick={props.onSend} style={{ minWidth: 120 }}>
      {waiting ? t('auth.resendIn', { seconds: props.resendIn }) : t('auth.sendCode')}
    </Button>
  );
}
