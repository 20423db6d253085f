import { Fragment, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { RetryButton } from './RetryButton';
import { Muted, Panel, PanelBody } from './Panel';

/**
 * What a detail page shows instead of its content when its address names nothing it can load;
 * with `onRetry` (the load failed), a Retry button beside the message.
 */
export function NotFoundPanel(props: { message: string; onRetry?: () => void }) {
  return (
    <Panel>
      <PanelBody style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
        <Muted>{props.message}</Muted>
        {props.onRetry && <RetryButton small onRetry={props.onRetry} />}
      </PanelBody>
    </Panel>
  );
}

/** The route's `:id` as a positive safe integer, or undefined for anything else (never sent to the server). */
export function useIdParam(): number | undefined {
  const id = Number(useParams().id);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * A detail page's route: the numeric id in the path handed to the page, or "not found" when the
 * path holds no id. A new id mounts the page afresh (its key), so nothing of the last one stays.
 */
export function ByIdParam(props: { notFound: string; children: (id: number) => ReactNode }) {
  const id = useIdParam();
  if (id === undefined) return <NotFoundPanel message={props.notFound} />;
  return <Fragment key={id}>{props.children(id)}</Fragment>;
}
