import { assign, raise, setup, type ActorRefFrom } from 'xstate';
import type { UserInfo } from '../../../../../domain/api';
import { AVATAR_MAX_BYTES } from '../../../../../domain/userCentre';
import { submitGuardMachine } from '../../../../app/machines/submitGuard/submitGuard.machine';
import { showToast } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { guardedSubmit } from '../shared/guardedSubmit';
import { callState } from '../../../../app/machines/loadStates/loadStates';

/** An image file as the page hands it over; the upload actor reads its bytes. */
export interface AvatarFile {
  size: number;
  type: string;
}

export type ProfileEvent =
  | { type: 'profile.saveNickname'; nickname: string }
  | { type: 'profile.uploadAvatar'; file: AvatarFile }
  | { type: 'profile.copy'; text: string }
  | { type: 'profile.avatarChanged' }
  | { type: 'guard.accepted'; payload?: unknown };

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

const profileSetup = setup({
  types: {
    context: {} as { avatarUrl: string; nickname: string | undefined; file: AvatarFile | undefined; copyText: string },
    events: {} as ProfileEvent,
  },
  actors: {
    submitGuard: submitGuardMachine,
    fetchAvatar: toBeProvided<{ data_url: string }>('fetchAvatar'),
    saveNickname: toBeProvided<UserInfo, { nickname: string }>('saveNickname'),
    uploadAvatar: toBeProvided<UserInfo, { file: AvatarFile }>('uploadAvatar'),
    copyText: toBeProvided<boolean, { text: string }>('copyText'),
  },
  actions: {
    showToast,
    refreshSession: () => undefined,
    /** The avatar region reads the new one back. */
    reloadAvatar: raise({ type: 'profile.avatarChanged' }),
  },
  guards: {
    avatarTooLarge: ({ event }) => event.type === 'profile.uploadAvatar' && event.file.size > AVATAR_MAX_BYTES,
    avatarWrongType: ({ event }) => event.type === 'profile.uploadAvatar' && !IMAGE_TYPES.includes(event.file.type),
    copied: (_, params: { ok: boolean }) => params.ok,
  },
});

/**
 * Personal info and general settings (spec §2 /user/user, /user/c-set): the user's avatar (read
 * back from the server as a data URL, since only its owner may see it), nickname and avatar
 * changes, and the invitation-code copy helper (spec §5 "Copy success" / "Copy failed"). A saved
 * change asks the session machine to re-read the user (`refreshSession`).
 */
export const profileMachine = profileSetup.createMachine({
  id: 'profile',
  context: { avatarUrl: '', nickname: undefined, file: undefined, copyText: '' },
  invoke: { id: 'guard', src: 'submitGuard', input: ({ self }) => ({ replyTo: self }) },
  type: 'parallel',
  states: {
    // The avatar loads on its own, so a press made while it loads is never dropped.
    avatar: {
      initial: 'loading',
      states: {
        loading: callState(profileSetup, { src: 'fetchAvatar', into: (avatar) => ({ avatarUrl: avatar.data_url }), next: 'shown' }),
        shown: { on: { 'profile.avatarChanged': 'loading' } },
      },
    },
    work: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            ...guardedSubmit(profileSetup, { submit: 'profile.saveNickname', payload: (event) => event.nickname, to: 'savingNickname', keep: (nickname) => ({ nickname }) }),
            'profile.uploadAvatar': [
              { guard: 'avatarWrongType', actions: { type: 'showToast', params: { tone: 'error', message: { key: 'settings.avatarType' } } } },
              { guard: 'avatarTooLarge', actions: { type: 'showToast', params: { tone: 'error', message: { key: 'settings.avatarTooLarge' } } } },
              { target: 'uploadingAvatar', actions: assign({ file: ({ event }) => event.file }) },
            ],
            'profile.copy': { target: 'copying', actions: assign({ copyText: ({ event }) => event.text }) },
          },
        },
        savingNickname: callState(profileSetup, { src: 'saveNickname', input: ({ context }) => ({ nickname: context.nickname! }), saved: 'settings.saved', then: ['refreshSession'], next: 'idle' }),
        uploadingAvatar: {
          exit: assign({ file: undefined }),
          ...callState(profileSetup, { src: 'uploadAvatar', input: ({ context }) => ({ file: context.file! }), saved: 'settings.saved', then: ['refreshSession', 'reloadAvatar'], next: 'idle' }),
        },
        copying: {
          invoke: {
            id: 'copyText',
            src: 'copyText',
            input: ({ context }) => ({ text: context.copyText }),
            onDone: [
              { guard: { type: 'copied', params: ({ event }) => ({ ok: event.output }) }, target: 'idle', actions: { type: 'showToast', params: { tone: 'success', message: { key: 'settings.copySuccess' } } } },
              { target: 'idle', actions: { type: 'showToast', params: { tone: 'error', message: { key: 'settings.copyFailed' } } } },
            ],
            onError: { target: 'idle', actions: { type: 'showToast', params: { tone: 'error', message: { key: 'settings.copyFailed' } } } },
          },
        },
      },
    },
  },
});

export type ProfileActorRef = ActorRefFrom<typeof profileMachine>;
