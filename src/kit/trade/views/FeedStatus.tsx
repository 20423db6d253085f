import { useTranslation } from 'react-i18next';
import { Badge } from '../../../app/ui/Badge';

const KEYS: Record<string, string | undefined> = {
  awaitingSnapshot: 'trade.feed.loading',
  resyncing: 'trade.feed.resyncing',
  disconnected: 'trade.feed.offline',
  failed: 'trade.feed.failed',
};

/** Says why a live panel is not live (nothing when it is). */
export function FeedStatus(props: { status: string }) {
  const { t } = useTranslation();
  const key = KEYS[props.status];
  if (!key) return null;
  return <Badge $tone={props.status === 'failed' ? 'down' : props.status === 'disconnected' ? 'warn' : 'dim'}>{t(key)}</Badge>;
}
