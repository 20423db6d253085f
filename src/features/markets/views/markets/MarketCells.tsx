import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { percent, price, quantity, tone } from '../../../../../domain/figures';
import type { useFiat } from '../../../../app/views/hooks';
import { DragHandle } from './FavouriteDnd';

/**
 * The cells of /markets' table, each memoised on the strings it shows. The list is sorted by the
 * live figures, so its rows are rebuilt at every tick; but a cell whose figures did not move — the
 * name cell with its star, link and drag handle most of all — renders nothing (bench/README.md
 * "/home's ticks"). `language` is in the figures' props because their number style follows the
 * texts' language (src/services/i18n.ts) while their values do not.
 */

const HaltTag = styled.span`
  font-size: 11px;
  padding: 1px 6px;
  border-radius: 3px;
  color: ${({ theme }) => theme.color.down};
  border: 1px solid ${({ theme }) => theme.color.down};
`;

const Star = styled.button`
  all: unset;
  cursor: pointer;
  width: 18px;
  text-align: center;
  color: ${({ theme }) => theme.color.textFaint};
  &[aria-pressed='true'] { color: ${({ theme }) => theme.color.accent}; }
  &:hover { color: ${({ theme }) => theme.color.accent}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.accent}; }
`;

/** The price in the trader's currency beside the pair's: dim (the theme's, AA on both panels; an opacity of the text was 4.2:1 on white). */
const Approx = styled.small`
  color: ${({ theme }) => theme.color.textDim};
`;

/** The pair: its drag handle on a reorderable favourites list, its star, its link, and its halt tag (the reason on hover). */
export const PairNameCell = memo(function PairNameCell(props: {
  pairKey: string;
  left: string;
  right: string;
  link: string;
  starred: boolean;
  reorderable: boolean;
  halt: string | null;
  onToggle: (pair: string) => void;
}) {
  const { t } = useTranslation();
  const symbol = `${props.left}/${props.right}`;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      {props.reorderable && <DragHandle id={props.pairKey} label={symbol} />}
      <Star type="button" aria-pressed={props.starred} aria-label={t(props.starred ? 'markets.removeFavourite' : 'markets.addFavourite', { pair: symbol })} onClick={() => props.onToggle(props.pairKey)}>
        {props.starred ? '★' : '☆'}
      </Star>
      <Link to={props.link}>
        <strong>{props.left}</strong>/{props.right}
      </Link>
      {/* A market an operator halted (issue 52 §1), live from its tick or the pushed pair list; the reason on hover. */}
      {props.halt && <HaltTag title={props.halt}>{t('markets.haltedTag')}</HaltTag>}
    </span>
  );
});

type Fiat = ReturnType<typeof useFiat>;

/** The last price, and its value in the trader's currency when known. */
export const PriceCell = memo(function PriceCell(props: { price: string | undefined; precision: number; priceUsdt: string | undefined; fiat: Fiat; language: string }) {
  return (
    <span className="num">
      {price(props.price, props.precision)}
      {props.priceUsdt && <Approx className="fiat"> ≈ {props.fiat.format(props.priceUsdt)}</Approx>}
    </span>
  );
});

export const ChangeCell = memo(function ChangeCell(props: { increase: string | undefined; language: string }) {
  return <span className={`num ${tone(props.increase)}`}>{percent(props.increase)}</span>;
});

export const HighLowCell = memo(function HighLowCell(props: { high: string | undefined; low: string | undefined; precision: number; language: string }) {
  return <span className="num">{props.high !== undefined ? `${price(props.high, props.precision)} / ${price(props.low, props.precision)}` : '—'}</span>;
});

export const VolumeCell = memo(function VolumeCell(props: { amount: string | undefined; precision: number; language: string }) {
  return <span className="num">{quantity(props.amount, props.precision)}</span>;
});

export const FiatCell = memo(function FiatCell(props: { usdt: string | undefined; fiat: Fiat; language: string }) {
  return <span className="num">{props.usdt ? props.fiat.format(props.usdt) : '—'}</span>;
});
