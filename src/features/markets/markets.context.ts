import type { FlowContext } from '../../app/flowContext';
import { TradeContext } from '../../kit/trade/trade.context';
import type { MarketsFlows } from './markets.hooks';

/**
 * The product's context: the trade kit's slot, which its flows fill (the pair market) and widen
 * with the favourites that only its own pages read. feature.tsx provides the
 * slot's context itself (a module between them, in the code every page loads, had the bundler put
 * app/flowContext.tsx in a chunk of its own: +0.3 KB on /home); this gives the same object the
 * product's wider type for its hooks and views, which load with its pages.
 */
export const MarketsContext = TradeContext as unknown as FlowContext<MarketsFlows>;
