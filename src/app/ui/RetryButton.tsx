import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Muted } from './Panel';

// Apart from Button.tsx, which the shell (and so /home) loads: these serve pages that read lists.

/** The ghost "Retry" button of whatever failed to load (a list, a balance, a form's figures). */
export function RetryButton(props: { onRetry: () => void; small?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button type="button" $variant="ghost" $small={props.small} onClick={props.onRetry}>
      {t('common.retry')}
    </Button>
  );
}

/** A list's load failure, announced, with its Retry button; nothing while the list is fine. */
export function RetryAlert(props: { failed: boolean; onRetry: () => void }) {
  if (!props.failed) return null;
  return (
    <p role="alert">
      <RetryButton small onRetry={props.onRetry} />
    </p>
  );
}

/** What failed to load said in a line (`children`), announced, with its Retry button after it. */
export function FailedLine(props: { onRetry: () => void; children: ReactNode }) {
  return (
    <Muted role="alert">
      {props.children} <RetryButton small onRetry={props.onRetry} />
    </Muted>
  );
}
