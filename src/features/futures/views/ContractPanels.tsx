import { useEffect } from 'react';
import type { TradePanelsProps } from '../../markets/views/trade/TradePage';
import { OrderBookPanel } from '../../markets/views/trade/OrderBookPanel';
import { useFuturesOrderForm, type useFuturesDesk } from '../futures.hooks';
import { FuturesOrderForm } from './FuturesOrderForm';
import { PositionsPanel } from './PositionsPanel';

export type Desk = ReturnType<typeof useFuturesDesk>;

/**
 * Signed-in futures trading: the futures book (a click on a level fills the form's price), the
 * order form and the positions / orders / plans panel. Grid children of the trade page.
 */
export function ContractPanels(props: TradePanelsProps & { desk: Desk }) {
  const { pair, desk } = props;
  const symbol = `${pair.left_symbol}_${pair.right_symbol}`;
  const form = useFuturesOrderForm({ symbol, pricePrecision: pair.price_precision, amountPrecision: pair.amount_precision, desk: desk.ref });
  const lastPrice = props.last?.price;
  const { lastPrice: sendLastPrice } = form;
  // effect: the last trade price comes from the shared trade page as a prop (markets/views/trade), not an actor this form can follow; moves with SpotPanels' twin.
  useEffect(() => {
    if (lastPrice) sendLastPrice(lastPrice);
  }, [lastPrice, sendLastPrice]);
  return (
    <>
      <OrderBookPanel className="book" bookRef={props.bookRef} pair={pair} last={props.last} lastInFiat={props.lastInFiat} onPick={form.setPrice} />
      <FuturesOrderForm className="form" pair={pair} form={form} desk={desk} lastPrice={lastPrice ?? props.markPrice} />
      <PositionsPanel className="orders" pair={pair} desk={desk} markPrice={props.markPrice} />
    </>
  );
}
