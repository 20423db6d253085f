import { assign, setup, type ActorRefFrom } from 'xstate';
import type { NoticeSettings } from '../../../../../domain/informHelp';
import type { ToastMessage } from '../../../../../domain/errors';
import { callState, loadStates } from '../../../../app/machines/loadStates/loadStates';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';
import { showToast } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

/** `toggle`: the switch pressed (it flips what is saved); `retry`: read again after a failed read. */
export type NoticeSettingsEvent = Signals<'noticeSettings', 'toggle' | 'retry'>;

const noticeSettingsSetup = setup({
  types: {
    context: {} as {
      /** What the server holds: the trading alerts are emailed too. */
      tradingEmails: boolean;
      /** The value being saved, shown by the switch until the answer (undefined when nothing is). */
      wanted: boolean | undefined;
      /** Why the last change was refused, under the switch until the next one. */
      refusal: ToastMessage | undefined;
    },
    events: {} as NoticeSettingsEvent,
  },
  actors: {
    fetchSettings: toBeProvided<NoticeSettings>('fetchSettings'),
    saveSettings: toBeProvided<NoticeSettings, NoticeSettings>('saveSettings'),
  },
  actions: {
    showToast,
  },
});

/**
 * /user/c-set's "Email notifications" (domain/informHelp.ts NOTICE_SETTINGS_PATHS): reads whether
 * the trading alerts (a futures position's margin call, liquidation or auto-deleveraging, a price
 * alert reached) are emailed too, and switches it. The switch shows the value being saved while it
 * is; the saved answer is what it shows after, and a refusal leaves it on the value saved before,
 * with the server's reason under it.
 */
export const noticeSettingsMachine = noticeSettingsSetup.createMachine({
  id: 'noticeSettings',
  context: { tradingEmails: true, wanted: undefined, refusal: undefined },
  initial: 'loading',
  states: {
    ...loadStates(noticeSettingsSetup, { src: 'fetchSettings', into: (settings) => ({ tradingEmails: settings.trading_emails }), next: 'ready', retry: 'noticeSettings.retry' }),
    ready: {
      on: {
        'noticeSettings.toggle': { target: 'saving', actions: assign({ wanted: ({ context }) => !context.tradingEmails }) },
      },
    },
    saving: {
      description: 'Another press is not heard until the answer: the switch is disabled meanwhile.',
      exit: assign({ wanted: undefined }),
      ...callState(noticeSettingsSetup, {
        src: 'saveSettings',
        input: ({ context }) => ({ trading_emails: context.wanted! }),
        into: (settings) => ({ tradingEmails: settings.trading_emails }),
        saved: 'noticeSettings.saved',
        refusal: 'refusal',
        next: 'ready',
      }),
    },
  },
});

export type NoticeSettingsActorRef = ActorRefFrom<typeof noticeSettingsMachine>;
