import { useParams } from 'react-router-dom';
import { useSessionFlow } from '../../../app/views/hooks';
import { PriceAlertLink } from '../../../kit/trade/views/PriceAlertLink';
import { TradePage, type TradePanelsProps } from '../../../kit/trade/views/TradePage';
import { useFuturesDesk, useFuturesOrderForm, type Desk } from '../futures.hooks';
import { FuturesOrderForm } from './FuturesOrderForm';
import { FuturesStats } from './FuturesStats';
import { PositionsPanel } from './PositionsPanel';

/**
 * /contract/{symbol}: the shared trade layout on the pair's futures market, with the futures
 * figures and a price alert link in the stats bar and, signed in, the futures order form and positions panel. The desk
 * (config, account, orders, plans) is started afresh per pair and per session.
 */
export function ContractTradePage() {
  const { symbol = '' } = useParams();
  const session = useSessionFlow();
  return <PairDesk key={`${symbol.toLowerCase()}:${session.hasSession}`} symbol={symbol} />;
}

function PairDesk(props: { symbol: string }) {
  const desk = useFuturesDesk(props.symbol);
  const stats = (
    <>
      <FuturesStats data={desk.data} desk={desk.ref} />
      <PriceAlertLink market="futures" />
    </>
  );
  return <TradePage kind="contract" product={{ stats, panels: (p) => <ContractPanels {...p} desk={desk} /> }} />;
}

/**
 * Signed-in futures trading: the futures book (a click on a level fills the form's price), the
 * order form, whose untouched price follows the page's last price, and the positions / orders /
 * plans panel. Grid children of the trade page.
 */
function ContractPanels(props: TradePanelsProps & { desk: Desk }) {
  const { pair, desk } = props;
  const symbol = `${pair.left_symbol}_${pair.right_symbol}`;
  const form = useFuturesOrderForm({ symbol, pricePrecision: pair.price_precision, amountPrecision: pair.amount_precision, desk: desk.ref, prices: props.prices });
  return (
    <>
      {props.book(form.setPrice)}
      <FuturesOrderForm className="form" pair={pair} form={form} desk={desk} lastPrice={props.last?.price ?? props.markPrice} markPrice={props.markPrice} />
      <PositionsPanel className="orders" pair={pair} desk={desk} markPrice={props.markPrice} />
    </>
  );
}
