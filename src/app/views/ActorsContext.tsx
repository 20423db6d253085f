import { createContext, useContext, type ReactNode } from 'react';
import type { AppActorRef } from '../machines/app/app.machine';
import type { NoteActorRef } from '../../features/support/machines/note/note.machine';
import type { SessionActorRef } from '../machines/session/session.machine';
import type { ToastActorRef } from '../machines/toast/toast.machine';

/** The long-lived actors the composition root (src/main.tsx) starts; views only read and send. */
export interface Actors {
  app: AppActorRef;
  session: SessionActorRef;
  toasts: ToastActorRef;
  note: NoteActorRef;
}

const ActorsContext = createContext<Actors | null>(null);

export function ActorsProvider(props: { actors: Actors; children: ReactNode }) {
  return <ActorsContext.Provider value={props.actors}>{props.children}</ActorsContext.Provider>;
}

export function useActors(): Actors {
  const actors = useContext(ActorsContext);
  if (!actors) throw new Error('useActors outside ActorsProvider');
  return actors;
}
