import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useInformFlow } from '../../features/support/support.hooks';
import { BellLink } from './NotificationBell';

/** The unread count on the bell (this chunk: only a signed-in visitor's header has it). */
const Count = styled.span`
  position: absolute;
  top: 9px;
  right: 2px;
  min-width: 16px;
  height: 16px;
  padding: 0 4px;
  border-radius: 8px;
  font-size: 10px;
  font-weight: 700;
  line-height: 16px;
  text-align: center;
  background: ${({ theme }) => theme.color.down};
  color: #fff;
`;

/** The header bell reading the notifications' actor: loads them per user and language, clears them on unmount. */
export function LiveBell(props: { userId: number }) {
  const { t } = useTranslation();
  const { unread, load, clear } = useInformFlow();
  // effect: the session-long inform actor (started in support.flows.ts) follows the language itself (languageChanges) but not the user; the bell asks again for each user who signs in.
  useEffect(() => {
    load(1);
  }, [props.userId, load]);
  // effect: the bell's going (signed out) empties the shared list, the other half of the lifetime above.
  useEffect(() => clear, [clear]);
  const label = unread > 0 ? t('inform.bellUnread', { count: unread }) : t('nav.notifications');
  return <BellLink label={label}>{unread > 0 && <Count aria-hidden>{unread > 99 ? '99+' : unread}</Count>}</BellLink>;
}
