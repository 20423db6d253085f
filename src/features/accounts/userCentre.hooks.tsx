import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import type { SecurityKind } from '../../domain/userCentre';
import type { AvatarFile, profileMachine } from './machines/profile/profile.machine';
import type { RecordFields, recordBookMachine } from './machines/recordBook/recordBook.machine';
import type { CodeTarget, SecurityFields, securityChangeMachine } from './machines/securityChange/securityChange.machine';

/**
 * The user centre's flows (spec §2 /user), supplied with their effects at the composition root.
 * Each page starts its own actor from them, so a form's state lives as long as the page.
 */
export interface UserCentreFlows {
  profile: typeof profileMachine;
  securityChange: typeof securityChangeMachine;
  addresses: typeof recordBookMachine;
  collectionMethods: typeof recordBookMachine;
}

const UserCentreContext = createContext<UserCentreFlows | null>(null);

export function UserCentreProvider(props: { value: UserCentreFlows; children: ReactNode }) {
  return <UserCentreContext.Provider value={props.value}>{props.children}</UserCentreContext.Provider>;
}

function useUserCentre(): UserCentreFlows {
  const value = useContext(UserCentreContext);
  if (!value) throw new Error('useUserCentre outside UserCentreProvider');
  return value;
}

export function useProfileFlow() {
  const actor = useActorRef(useUserCentre().profile);
  const state = {
    avatarUrl: useSelector(actor, (s) => s.context.avatarUrl),
    savingNickname: useSelector(actor, (s) => s.matches({ work: 'savingNickname' })),
    uploading: useSelector(actor, (s) => s.matches({ work: 'uploadingAvatar' })),
  };
  const send = useMemo(
    () => ({
      saveNickname: (nickname: string) => actor.send({ type: 'profile.saveNickname', nickname }),
      uploadAvatar: (file: AvatarFile) => actor.send({ type: 'profile.uploadAvatar', file }),
      copy: (text: string) => actor.send({ type: 'profile.copy', text }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

/** Seconds left on a resend countdown child (rendered from its own snapshot), 0 when none runs. */
function useRemaining(child: AnyActorRef | undefined): number {
  const subscribe = useCallback((onChange: () => void) => {
    const subscription = child?.subscribe(onChange);
    return () => subscription?.unsubscribe();
  }, [child]);
  return useSyncExternalStore(subscribe, () => (child?.getSnapshot() as { context?: { remaining?: number } } | undefined)?.context?.remaining ?? 0);
}

export function useSecurityChangeFlow(kind: SecurityKind) {
  const actor = useActorRef(useUserCentre().securityChange, { input: { kind } });
  const current = useSelector(actor, (s) => s.children.resendCurrent);
  const next = useSelector(actor, (s) => s.children.resendNew);
  const state = {
    sending: useSelector(actor, (s) => s.matches({ flow: 'sendingCode' })),
    submitting: useSelector(actor, (s) => s.matches({ flow: 'submitting' })),
    done: useSelector(actor, (s) => s.matches({ flow: 'done' })),
    resendCurrentIn: useRemaining(current),
    resendNewIn: useRemaining(next),
  };
  const send = useMemo(
    () => ({
      sendCode: (to: CodeTarget, account?: string, area_code?: string) => actor.send({ type: 'security.sendCode', to, account, area_code }),
      submit: (fields: SecurityFields) => actor.send({ type: 'security.submit', fields }),
    }),
    [actor],
  );
  return { ...state, ...send };
}

/** The success messages of spec §8 for each book. */
const BOOK_MESSAGES = {
  addresses: { added: 'addresses.added', edited: 'addresses.added', deleted: 'addresses.deleted' },
  collectionMethods: { added: 'addresses.methodAdded', edited: 'addresses.methodEdited', deleted: 'addresses.methodDeleted' },
};

export function useRecordBookFlow(which: 'addresses' | 'collectionMethods') {
  const actor = useActorRef(useUserCentre()[which], { input: { messages: BOOK_MESSAGES[which] } });
  const state = {
    records: useSelector(actor, (s) => s.context.records),
    loading: useSelector(actor, (s) => s.matches('loading')),
    loadFailed: useSelector(actor, (s) => s.matches('loadFailed')),
    saving: useSelector(actor, (s) => s.matches('saving')),
    confirmingDelete: useSelector(actor, (s) => s.matches('confirmingDelete')),
  };
  const send = useMemo(
    () => ({
      save: (fields: RecordFields, id?: number) => actor.send({ type: 'book.save', id, fields }),
      remove: (id: number) => actor.send({ type: 'book.delete', id }),
      confirm: () => actor.send({ type: 'book.confirm' }),
      cancel: () => actor.send({ type: 'book.cancel' }),
      retry: () => actor.send({ type: 'book.retry' }),
    }),
    [actor],
  );
  return { ...state, ...send };
}
