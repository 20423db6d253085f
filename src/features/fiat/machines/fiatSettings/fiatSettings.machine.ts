import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { ToastMessage } from '../../../../../domain/errors';
import { legalTradePatch, legalTradeValid, type LegalTradeForm, type LegalTradePatch, type LegalTradeSettings } from '../../../../../domain/fiatSettings';
import { confirmActMachine } from '../../../../app/machines/confirmAct/confirmAct.machine';
import type { ConfirmActReport } from '../../../../app/machines/confirmAct/confirmAct.types';
import { toastError } from '../../../../app/machines/toast/toastError';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

export interface FiatSettingsContext {
  /** legal_trade as the server last answered it. */
  settings: LegalTradeSettings | undefined;
  /** Counts loads and saves: the form starts again from the server's values after each. */
  revision: number;
}

export type FiatSettingsEvent =
  | { type: 'settings.submit'; form: LegalTradeForm }
  | { type: 'settings.retry' }
  /** From the `saveSettings` child (the shared confirm-then-act) once a confirmed save went through or was refused. */
  | ConfirmActReport<LegalTradePatch, LegalTradeSettings>;

/**
 * The operator's "Trade settings" tab (spec §9 legal_trade): the current pay_time, confirm_time
 * (minutes, fractions allowed) and max_unpaid_num; the form's values checked again with the rules
 * the form shows (domain/fiatSettings.ts), only what changed sent, behind a confirmation that
 * lists the changes (the `saveSettings` child, the shared confirm-then-act, asks about the patch
 * and sends it; a refusal, which the child says translated, leaves the form as typed and the
 * settings as they were). Orders already open keep their deadlines; the server says so too.
 */
export const fiatSettingsMachine = setup({
  types: { context: {} as FiatSettingsContext, events: {} as FiatSettingsEvent },
  actors: {
    fetchSettings: toBeProvided<LegalTradeSettings>('fetchSettings'),
    saveSettings: confirmActMachine,
  },
  actions: { showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined },
  guards: {
    invalid: ({ event }) => event.type === 'settings.submit' && !legalTradeValid(event.form),
    unchanged: ({ context, event }) => event.type === 'settings.submit' && context.settings !== undefined && Object.keys(legalTradePatch(context.settings, event.form)).length === 0,
  },
}).createMachine({
  id: 'fiatSettings',
  context: { settings: undefined, revision: 0 },
  invoke: { id: 'saveSettings', src: 'saveSettings', input: ({ self }) => ({ replyTo: self }) },
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
          { actions: sendTo('saveSettings', ({ context, event }) => ({ type: 'confirmAct.ask' as const, subject: legalTradePatch(context.settings!, event.form) })) },
        ],
        'settings.retry': 'loading',
        'confirmAct.done': {
          actions: [
            assign({ settings: ({ event }) => event.output, revision: ({ context }) => context.revision + 1 }),
            { type: 'showToast', params: { tone: 'success', message: { key: 'fiat.settings.saved' } } },
          ],
        },
      },
    },
  },
});

export type FiatSettingsActorRef = ActorRefFrom<typeof fiatSettingsMachine>;
