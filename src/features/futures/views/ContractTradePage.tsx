import { useParams } from 'react-router-dom';
import { useSessionFlow } from '../../../app/views/hooks';
import { TradePage } from '../../markets/views/trade/TradePage';
import { useFuturesDesk } from '../futures.hooks';
import { ContractPanels } from './ContractPanels';
import { FuturesStats } from './FuturesStats';

/**
 * /contract/{symbol}: the shared trade layout on the pair's futures market, with the futures
 * figures in the stats bar and, signed in, the futures order form and positions panel. The desk
 * (config, account, orders, plans) is started afresh per pair and per session.
 */
export function ContractTradePage() {
  const { symbol = '' } = useParams();
  const session = useSessionFlow();
  return <Desk key={`${symbol.toLowerCase()}:${session.hasSession}`} symbol={symbol} />;
}

function Desk(props: { symbol: string }) {
  const desk = useFuturesDesk(props.symbol);
  return <TradePage kind="contract" product={{ stats: <FuturesStats data={desk.data} desk={desk.ref} />, panels: (p) => <ContractPanels {...p} desk={desk} /> }} />;
}
