import { DetailFact, type DetailFactProps } from '../../../app/ui/DetailFacts';
import { Row } from './secondsTrade.styles';

const ROW_PARTS = [Row, 'span', 'b'] as const;

/** One label-and-figure line of the seconds panels (the ticket, its confirmation, a contract's card). */
export function FigureRow(props: DetailFactProps) {
  return <DetailFact {...props} parts={ROW_PARTS} />;
}
