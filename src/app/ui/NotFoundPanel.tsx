import { useParams } from 'react-router-dom';
import { Muted, Panel, PanelBody } from './Panel';

/** What a detail page shows instead of its content when its address names nothing it can load. */
export function NotFoundPanel(props: { message: string }) {
  return (
    <Panel>
      <PanelBody>
        <Muted>{props.message}</Muted>
      </PanelBody>
    </Panel>
  );
}

/** The route's `:id` as a positive safe integer, or undefined for anything else (never sent to the server). */
export function useIdParam(): number | undefined {
  const id = Number(useParams().id);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
