import { createContext, useContext, type ReactNode } from 'react';
import type { FavouritesActorRef } from './machines/favourites/favourites.machine';
import type { PairMarketActorRef } from './machines/pairMarket/pairMarket.machine';
import type { SocketConnectionActorRef } from '../../app/machines/socketConnection/socketConnection.machine';

/**
 * The live-market actors the composition root starts: the socket connection, the market of the
 * pair on screen, and the trader's favourites. A context of their own, so screens that do not
 * show live markets (and their tests) need not build them.
 */
export interface LiveActors {
  connection: SocketConnectionActorRef;
  market: PairMarketActorRef;
  favourites: FavouritesActorRef;
}

const LiveActorsContext = createContext<LiveActors | null>(null);

export function LiveActorsProvider(props: { actors: LiveActors; children: ReactNode }) {
  return <LiveActorsContext.Provider value={props.actors}>{props.children}</LiveActorsContext.Provider>;
}

export function useLiveActors(): LiveActors {
  const actors = useContext(LiveActorsContext);
  if (!actors) throw new Error('useLiveActors outside LiveActorsProvider');
  return actors;
}
