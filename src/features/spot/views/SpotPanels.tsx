import { useEffect } from 'react';
import type { Pair } from '../../../../domain/api';
import type { OrderBookActorRef } from '../../markets/machines/orderBook/orderBook.machine';
import { useOrderForm } from '../spot.hooks';
import { OrderBookPanel } from '../../markets/views/trade/OrderBookPanel';
import { OpenOrdersPanel } from './OrderPanels';
import { OrderForm } from './OrderForm';

/**
 * Signed-in spot trading: the order book (a click on a level fills the form's price), the order
 * form and the live orders panel. Grid children of the trade page, placed by class name; the
 * caller keys this by pair so each pair gets a fresh form.
 */
export function SpotPanels(props: {
  pair: Pair;
  bookRef: OrderBookActorRef;
  last: { price: string; side: 'buy' | 'sell' | undefined } | undefined;
  lastInFiat: string | undefined;
}) {
  const { pair } = props;
  const symbol = `${pair.left_symbol}_${pair.right_symbol}`;
  const form = useOrderForm({
    symbol,
    base: pair.left_symbol,
    quote: pair.right_symbol,
    pricePrecision: pair.price_precision,
    amountPrecision: pair.amount_precision,
    minQuantity: pair.min_quantity,
    minNotional: pair.min_notional,
    lastPrice: props.last?.price,
  });
  const lastPrice = props.last?.price;
  const { lastPrice: sendLastPrice } = form;
  useEffect(() => {
    if (lastPrice) sendLastPrice(lastPrice);
  }, [lastPrice, sendLastPrice]);
  return (
    <>
      <OrderBookPanel className="book" bookRef={props.bookRef} pair={pair} last={props.last} lastInFiat={props.lastInFiat} onPick={form.pickPrice} />
      <OrderForm className="form" form={form} />
      <OpenOrdersPanel className="orders" symbol={symbol} />
    </>
  );
}
