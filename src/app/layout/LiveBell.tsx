import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useInformFlow } from '../../features/support/support.hooks';
import { BellLink } from './NotificationBell';

/** The header bell reading the notifications' actor: loads them per user and language, clears them on unmount. */
export function LiveBell(props: { userId: number }) {
  const { t, i18n } = useTranslation();
  const { unread, load, clear } = useInformFlow();
  useEffect(() => {
    load(1);
  }, [props.userId, i18n.language, load]);
  useEffect(() => clear, [clear]);
  const label = unread > 0 ? t('inform.bellUnread', { count: unread }) : t('nav.notifications');
  return <BellLink label={label} unread={unread} />;
}
