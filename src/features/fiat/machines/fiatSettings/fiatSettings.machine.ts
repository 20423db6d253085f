import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { ToastMessage } from '../../../../../domain/errors';
import { legalTradePatch, legalTradeValid, type LegalTradeForm, type LegalTradePatch, type LegalTradeSettings } from '../../../../../domain/fiatSettings';
import { toastError } from '../../../../app/machines/toast/toastError';

export interface FiatSettingsContext {
  /** legal_trade as the server last answered it. */
  settings: LegalTradeSettings | undefined;
  /** What a confirmed save sends: only the changed fields. */
  patch: LegalTradePatch;
  /** Counts loads and saves: the form starts again from the server's values after each. */
  revision: number;
}

export type FiatSettingsEvent =
  | { type: 'settings.submit'; form: LegalTradeForm }
  | { type: 'settings.confirm' }
  | { type: 'settings.back' }
  | { type: 'settings.retry' };

/**
 * The operator's "Trade settings" tab (spec §9 legal_trade): the current pay_time, confirm_time
 * (minutes, fractions allowed) and max_unpaid_num; the form's values checked again with the rules
 * the form shows (domain/fiatSettings.ts), only what changed sent, behind a confirmation that
 * lists the changes. Orders already open keep their deadlines; the server says so too.
 */
export const fiatSettingsMachine = setup({
  types: { context: {} as FiatSettingsContext, events: {} as FiatSettingsEvent },
  actors: {
    fetchSettings: fromPromise<LegalTradeSettings>(async () => {
      throw new Error('fetchSettings not provided');
    }),
    saveSettings: fromPromise<LegalTradeSettings, LegalTradePatch>(async () => {
      throw new Error('saveSettings not provided');
    }),
  },
  actions: { showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined },
  guards: {
    invalid: ({ event }) => event.type === 'settings.submit' && !legalTradeValid(event.form),
    unchanged: ({ context, event }) => event.type === 'settings.submit' && context.settings !== undefined && Object.keys(legalTradePatch(context.settings, event.form)).length === 0,
  },
}).createMachine({
  id: 'fiatSettings',
  context: { settings: undefined, patch: {}, revision: 0 },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchSettings',
        src: 'fetchSettings',
        onDone: { target: 'ready', actions: assign({ settings: ({ event }) => event.output, revision: ({ context }) => context.revision + 1 }) },
        onError: { target: 'failed', actions: toastError },
      },
    },
    failed: { on: { 'settings.retry': 'loading' } },
    ready: {
      on: {
        'settings.submit': [
          // The form shows its own messages; a bad value never reaches the confirmation.
          { guard: 'invalid', description: 'A value outside the rules the form shows: nothing to confirm.' },
          { guard: 'unchanged', actions: { type: 'showToast', params: { tone: 'error', message: { key: 'fiat.settings.unchanged' } } } },
          { target: 'confirming', actions: assign({ patch: ({ context, event }) => legalTradePatch(context.settings!, event.form) }) },
        ],
        'settings.retry': 'loading',
      },
    },
    confirming: { on: { 'settings.confirm': 'saving', 'settings.back': { target: 'ready', actions: assign({ patch: {} }) } } },
    saving: {
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => context.patch,
        onDone: {
          target: 'ready',
          actions: [
            assign({ settings: ({ event }) => event.output, patch: {}, revision: ({ context }) => context.revision + 1 }),
            { type: 'showToast', params: { tone: 'success', message: { key: 'fiat.settings.saved' } } },
          ],
        },
        // The form keeps what was typed; the server's translated reason says what to change.
        onError: { target: 'ready', actions: [assign({ patch: {} }), toastError] },
      },
    },
  },
});

export type FiatSettingsActorRef = ActorRefFrom<typeof fiatSettingsMachine>;
