import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { DataTable } from './DataTable';
import { Muted, PageTitle, Panel, PanelBody, PanelHeader } from './Panel';

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

/**
 * A desk's list as the desks show it: its load failure with Retry above the table, and the empty
 * table saying "Loading…" while the list is read (`emptyKey` once it is read and empty).
 */
export function RetryTable<Row>(props: Parameters<typeof DataTable<Row>>[0] & { failed: boolean; onRetry: () => void; loading: boolean }) {
  const { failed, onRetry, loading, ...table } = props;
  return (
    <>
      <RetryAlert failed={failed} onRetry={onRetry} />
      <DataTable<Row> {...table} emptyKey={loading ? 'common.loading' : table.emptyKey} />
    </>
  );
}

/**
 * A page that is one list read whole (an address book, the sign-in history): the title (in the
 * header with what goes `beside` it, a link), the intro, the table named by the title, what comes
 * `after` it (a pager), and Retry once reading `failed`; `children` close the panel (its dialog).
 */
export function ListPanel<Row>(
  props: Parameters<typeof DataTable<Row>>[0] & { title: string; intro: string; beside?: ReactNode; after?: ReactNode; failed: boolean; onRetry: () => void; children?: ReactNode },
) {
  const { title, intro, beside, after, failed, onRetry, children, ...table } = props;
  return (
    <Panel>
      {beside && (
        <PanelHeader>
          <PageTitle style={{ margin: 0 }}>{title}</PageTitle>
          {beside}
        </PanelHeader>
      )}
      <PanelBody>
        {!beside && <PageTitle>{title}</PageTitle>}
        <Muted style={{ marginBottom: 10 }}>{intro}</Muted>
        <DataTable<Row> label={title} {...table} />
        {after}
        {failed && <RetryButton onRetry={onRetry} />}
      </PanelBody>
      {children}
    </Panel>
  );
}
