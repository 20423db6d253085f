import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../domain/localeFormat';

/** A record's date and time in the one format every table uses (domain/localeFormat.ts), in the reader's language. */
export function DateTime(props: { at: number | string; className?: string }) {
  const { i18n } = useTranslation();
  const date = new Date(props.at);
  return (
    <time className={props.className ?? 'num'} dateTime={date.toISOString()}>
      {formatDateTime(date, i18n.language)}
    </time>
  );
}
