import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Button } from './Button';
import { Muted, Panel, PanelBody } from './Panel';

/**
 * What a detail page shows instead of its content when its address names nothing it can load;
 * with `onRetry` (the load failed), a Retry button beside the message.
 */
export function NotFoundPanel(props: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Panel>
      <PanelBody style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
        <Muted>{props.message}</Muted>
        {props.onRetry && (
          <Button type="button" $small $variant="ghost" onClick={props.onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </PanelBody>
    </Panel>
  );
}

/** The route's `:id` as a positive safe integer, or undefined for anything else (never sent to the server). */
export function useIdParam(): number | undefined {
  const id = Number(useParams().id);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
