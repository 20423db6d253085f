import styled from 'styled-components';
import { Button } from '../../../app/ui/Button';
import { Muted } from '../../../app/ui/Panel';

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: 8px;
  margin-top: 10px;
`;

/**
 * Previous and next under a support list (the notices, the notifications), with where the reader
 * is between them; nothing while there is one page. The texts are the list's own.
 */
export function PagePager(props: { page: number; pages: number; busy: boolean; onPage: (page: number) => void; texts: { prev: string; next: string; pageOf: string } }) {
  if (props.pages <= 1) return null;
  return (
    <Row>
      <Button type="button" $variant="ghost" $small disabled={props.page <= 1 || props.busy} onClick={() => props.onPage(props.page - 1)}>
        {props.texts.prev}
      </Button>
      <Muted>{props.texts.pageOf}</Muted>
      <Button type="button" $variant="ghost" $small disabled={props.page >= props.pages || props.busy} onClick={() => props.onPage(props.page + 1)}>
        {props.texts.next}
      </Button>
    </Row>
  );
}
