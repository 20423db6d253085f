import { MarketsContext } from './markets.context';
import type { FavouritesActorRef } from './machines/favourites/favourites.machine';
import type { TradeFlows } from '../../kit/trade/trade.context';
import { useActorFlow } from '../../app/views/actorFlow';

/**
 * The live-market actors markets.flows.ts starts: the market of the pair on screen, which the
 * trade kit's pages read (src/kit/trade/trade.hooks.tsx), and the trader's favourites.
 */
export interface MarketsFlows extends TradeFlows {
  favourites: FavouritesActorRef;
}

const useMarkets = MarketsContext.use;

/** The trader's starred pairs, in their order. */
export function useFavourites() {
  return useActorFlow(
    useMarkets().favourites,
    { pairs: (s) => s.context.pairs },
    {
      toggle: (pair: string) => ({ type: 'favourites.toggle', pair }),
      move: (pair: string, over: string) => ({ type: 'favourites.move', pair, over }),
    },
  );
}
