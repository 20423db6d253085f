import { PriceAlertLink, RecurringBuyLink } from '../../../kit/trade/views/PriceAlertLink';
import { TradePage, type TradePanelsProps } from '../../../kit/trade/views/TradePage';
import { useOrderForm } from '../spot.hooks';
import { OpenOrdersPanel } from './OrderPanels';
import { OrderForm } from './OrderForm';

/**
 * /markets/kline/{symbol}: the shared trade page on the pair's spot market with, signed in, spot's
 * own panels; a visitor is asked to log in in their place.
 */
export function SpotTradePage() {
  return (
    <TradePage
      kind="spot"
      product={{
        panels: (p) => <SpotPanels {...p} />,
        stats: (
          <>
            <PriceAlertLink market="spot" />
            <RecurringBuyLink />
          </>
        ),
      }}
    />
  );
}

/**
 * Signed-in spot trading: the order book (a click on a level fills the form's price), the order
 * form, which follows the page's last price, and the live orders panel. Grid children of the trade
 * page, placed by class name; the page starts them afresh per pair.
 */
function SpotPanels(props: TradePanelsProps) {
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
    prices: props.prices,
  });
  return (
    <>
      {props.book(form.pickPrice)}
      <OrderForm className="form" form={form} />
      <OpenOrdersPanel className="orders" symbol={symbol} />
    </>
  );
}
