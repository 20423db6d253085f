import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useTheme } from 'styled-components';
import { spotTickChannel } from '../../../../domain/api';
import { price as priceFigure } from '../../../../domain/figures';
import { useAppFlow, useTicker } from '../../../app/views/hooks';
import { NotFoundPage } from '../../../app/pages/NotFoundPage';
import { Panel } from '../../../app/ui/Panel';
import { TradePage, type TradePanelsProps } from '../../../kit/trade/views/TradePage';
import { useSecondsDesk, useSecondsEnabled } from '../seconds.hooks';
import { OpenContracts } from './OpenContracts';
import { SecondsTicket } from './SecondsTicket';
import { directionTone, pricePlaces } from './secondsFigures';

type Desk = ReturnType<typeof useSecondsDesk>;

/**
 * /contract_sec/{symbol}: the shared trade page on the pair's spot market (book, candles, latest
 * trades), with the seconds ticket in the form's place and the contracts' countdown cards in the
 * orders' place. The desk's tickets start afresh per pair.
 */
export function SecondsTradePage() {
  const enabled = useSecondsEnabled();
  const { symbol = '' } = useParams();
  if (!enabled) return <NotFoundPage />;
  return <Desk key={symbol.toLowerCase()} symbol={symbol.toLowerCase()} />;
}

function Desk(props: { symbol: string }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const desk = useSecondsDesk(props.symbol);
  const app = useAppFlow();
  const [left = '', right = ''] = props.symbol.toUpperCase().split('_');
  const places = pricePlaces(app.pairs, left, right);
  // The live contracts' buy prices on the chart, at the pair's precision, in their direction's colour
  // and the language's number style (written again when the language changes).
  const chartLevels = useMemo(
    () => desk.levels.map((l) => ({ key: String(l.id), price: l.price, label: priceFigure(l.price, places), color: theme.color[directionTone(l.direction)] })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- priceFigure reads the language itself: the labels are written again when it changes
    [desk.levels, places, theme, i18n.language],
  );
  return (
    <TradePage
      kind="seconds"
      product={{
        stats: <LivePrice symbol={props.symbol} />,
        panels: (p) => <SecondsPanels {...p} desk={desk} />,
        panelsForVisitors: true,
        phoneTab: 'form',
        chartLabel: t('seconds.priceChart'),
        chartLevels,
      }}
    />
  );
}

/**
 * The trade page's panels for seconds contracts: the pair's spot book (what the index is made of),
 * the ticket in the form's place and the open contracts' cards in the orders' place. Shown to
 * visitors too: the ticket asks them to log in.
 */
function SecondsPanels(props: TradePanelsProps & { desk: Desk }) {
  const { pair, desk } = props;
  return (
    <>
      {props.book()}
      {desk.ticket ? <SecondsTicket className="form" ticketRef={desk.ticket} /> : <Panel className="form" />}
      <OpenContracts className="orders" indexPrice={props.indexPrice} places={pair.price_precision} cards={desk.openCards} ended={desk.endedCards} resumeFailed={desk.resumeFailed} />
    </>
  );
}

/** The price the contracts are bought and shown against: the pair's live tick, in its precision. */
function LivePrice(props: { symbol: string }) {
  const { t } = useTranslation();
  const app = useAppFlow();
  const [left = '', right = ''] = props.symbol.toUpperCase().split('_');
  const tick = useTicker(spotTickChannel(left, right));
  return (
    <dl>
      <dt>{t('seconds.livePrice')}</dt>
      <dd className="num" data-testid="seconds-live-price">
        {priceFigure(tick?.close, pricePlaces(app.pairs, left, right))}
      </dd>
    </dl>
  );
}
