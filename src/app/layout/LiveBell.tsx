import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { NoticesContext } from './notices.context';
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
  background: ${({ theme }) => theme.color.downFill};
  color: ${({ theme }) => theme.color.fillText};
`;

/**
 * The header bell's count, from the shell's notices slot (the product that fills it reads the
 * notifications per user and language, and clears them when the bell goes).
 */
export function LiveBell(props: { userId: number }) {
  // Keyed by user: the count's hold on the notifications is one per user who signs in.
  return <BellCount key={props.userId} userId={props.userId} />;
}

function BellCount(props: { userId: number }) {
  const { t } = useTranslation();
  const unread = NoticesContext.use().useBellCount(props.userId);
  const label = unread > 0 ? t('inform.bellUnread', { count: unread }) : t('nav.notifications');
  return <BellLink label={label}>{unread > 0 && <Count aria-hidden>{unread > 99 ? '99+' : unread}</Count>}</BellLink>;
}
