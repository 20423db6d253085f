import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../domain/localeFormat';
import { Muted } from '../../app/ui/Panel';

/** "No code needed until 14:05" under an approval dialog's code field, while the session is stepped up (stepUp.ts). */
export function StepUpNote(props: { until: number | null }) {
  const { t, i18n } = useTranslation();
  if (props.until === null) return null;
  return <Muted>{t('operator.stepUpNoCode', { time: formatTime(props.until, i18n.language) })}</Muted>;
}
