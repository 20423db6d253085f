import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { TransferRecord, TransferRequest, WalletAccount } from '../../../../../domain/wallet';
import { transferProblem } from '../../../../../domain/walletValidation';
import { submitGuardMachine } from '../../../../app/machines/submitGuard/submitGuard.machine';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { noRequestKey, requestKey, requestKeyMinter, type RequestKey } from '../requestKey';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

export interface TransferInput {
  /** Currencies offered, from the app's list; the first is the default. */
  currencies: string[];
  /** The accounts, in the wallet's order (spot first): what the products declare (app/walletAccountList.ts). */
  accounts: readonly WalletAccount[];
  currency?: string;
  from?: WalletAccount;
  to?: WalletAccount;
}

export type TransferEvent =
  | { type: 'transfer.currency'; currency: string }
  | { type: 'transfer.from'; account: WalletAccount }
  | { type: 'transfer.to'; account: WalletAccount }
  | { type: 'transfer.swap' }
  | { type: 'transfer.submit'; quantity: string }
  | { type: 'transfer.retry' }
  | { type: 'guard.accepted'; payload?: unknown }
  /** From the submit guard: a press inside the 2000 ms window, and the window's end (issue 37 §10). */
  | Signals<'guard', 'held' | 'reopened'>;

export interface TransferContext extends RequestKey {
  currency: string;
  from: WalletAccount;
  to: WalletAccount;
  /** Available in the source account, for the "all" button and the balance check. */
  available: string | undefined;
  quantity: string;
  /** Counts completed transfers, so the form can start afresh after each. */
  completed: number;
  /**
   * Inside the 2000 ms anti-double-submit window after an accepted transfer: the button shows it
   * pending, and a press meanwhile is told to wait rather than dropped in silence (issue 37 §10).
   */
  cooling: boolean;
}

export interface SubmitTransferInput {
  request: TransferRequest;
  idempotencyKey: string | undefined;
}

const signature = (c: TransferContext) => JSON.stringify([c.currency, c.from, c.to, c.quantity]);
const key = requestKey<TransferContext, TransferEvent>(signature);

/**
 * Internal transfer (spec §2 /wallet/transfer, §5, §8, §9): currency, source and target account
 * (never the same), quantity up to the source's available, no fee. The submission passes the
 * 2000 ms submit guard and carries an idempotency key (`mintIdempotencyKey`, supplied at the
 * composition root), kept when the same transfer is retried. Success says "transfer succeeded",
 * tells `transferred` and reads the new available amount.
 */
export const transferMachine = setup({
  types: { context: {} as TransferContext, events: {} as TransferEvent, input: {} as TransferInput },
  actors: {
    submitGuard: submitGuardMachine,
    fetchAvailable: toBeProvided<string, { currency: string; account: WalletAccount }>('fetchAvailable'),
    submitTransfer: toBeProvided<TransferRecord, SubmitTransferInput>('submitTransfer'),
  },
  actions: {
    showToast,
    transferred: () => undefined,
    ...key.actions,
    /** Spec §5: the target must differ from the source; choosing one as the other swaps them. */
    chooseFrom: assign(({ context }, params: { account: WalletAccount }) => (params.account === context.to ? { from: params.account, to: context.from } : { from: params.account })),
    chooseTo: assign(({ context }, params: { account: WalletAccount }) => (params.account === context.from ? { to: params.account, from: context.to } : { to: params.account })),
    swap: assign(({ context }) => ({ from: context.to, to: context.from })),
  },
  guards: {
    keyFitsRequest: key.keyFitsRequest,
    quantityValid: ({ context, event }) =>
      event.type === 'transfer.submit' && context.available !== undefined && transferProblem({ available: context.available, from: context.from, to: context.to }, { quantity: event.quantity }) === undefined,
  },
}).createMachine({
  id: 'transfer',
  context: ({ input }) => {
    // From the main account to the next one (spot → futures' contract), or back to the main one from that.
    const [main = 'spot', next = main] = input.accounts;
    const from = input.from ?? main;
    const to = input.to && input.to !== from ? input.to : from === next ? main : next;
    return { currency: input.currency ?? input.currencies[0] ?? 'USDT', from, to, available: undefined, quantity: '', completed: 0, ...noRequestKey, cooling: false };
  },
  on: {
    'guard.reopened': { actions: assign({ cooling: false }) },
    'guard.held': { actions: { type: 'showToast', params: { tone: 'error', message: { key: 'wallet.transfer.wait' } } } },
  },
  invoke: { id: 'guard', src: 'submitGuard', input: ({ self }) => ({ replyTo: self }) },
  initial: 'form',
  states: {
    form: {
      description: 'Changing what moves where reads the source account\'s available balance again.',
      on: {
        'transfer.currency': { target: '.loadingAvailable', reenter: true, actions: assign({ currency: ({ event }) => event.currency }) },
        'transfer.from': { target: '.loadingAvailable', reenter: true, actions: { type: 'chooseFrom', params: ({ event }) => ({ account: event.account }) } },
        'transfer.to': { target: '.loadingAvailable', reenter: true, actions: { type: 'chooseTo', params: ({ event }) => ({ account: event.account }) } },
        'transfer.swap': { target: '.loadingAvailable', reenter: true, actions: 'swap' },
      },
      initial: 'loadingAvailable',
      states: {
        loadingAvailable: {
          entry: assign({ available: undefined }),
          invoke: {
            id: 'fetchAvailable',
            src: 'fetchAvailable',
            input: ({ context }) => ({ currency: context.currency, account: context.from }),
            onDone: { target: 'editing', actions: assign({ available: ({ event }) => event.output }) },
            onError: { target: 'availableFailed', actions: toastError },
          },
        },
        availableFailed: { on: { 'transfer.retry': 'loadingAvailable' } },
        editing: {
          on: {
            'transfer.submit': [
              { guard: 'quantityValid', actions: sendTo('guard', ({ event }) => ({ type: 'guard.submit', payload: event.quantity.trim() })) },
              {
                description: 'The form skipped a rule: say which, send nothing.',
                actions: {
                  type: 'showToast',
                  params: ({ context, event }) => ({
                    tone: 'error' as const,
                    message: { key: transferProblem({ available: context.available ?? '0', from: context.from, to: context.to }, { quantity: event.quantity }) ?? 'error.system' },
                  }),
                },
              },
            ],
            'guard.accepted': { target: '#transfer.preparing', actions: assign({ quantity: ({ event }) => String(event.payload), cooling: true }) },
          },
        },
      },
    },
    preparing: {
      description: 'One key per intended transfer: kept when the same transfer is retried, new when it changed.',
      always: [{ guard: 'keyFitsRequest', target: 'submitting' }, { target: 'submitting', actions: ['mintIdempotencyKey', 'rememberKeyFor'] }],
    },
    submitting: {
      invoke: {
        id: 'submitTransfer',
        src: 'submitTransfer',
        input: ({ context }) => ({ request: { currency: context.currency, from: context.from, to: context.to, quantity: context.quantity }, idempotencyKey: context.idempotencyKey }),
        onDone: {
          target: 'form',
          actions: [
            { type: 'showToast', params: { tone: 'success', message: { key: 'wallet.transfer.succeeded' } } },
            'transferred',
            assign({ idempotencyKey: undefined, keyFor: undefined, quantity: '', completed: ({ context }) => context.completed + 1 }),
          ],
        },
        onError: { target: '#transfer.form.editing', actions: toastError, description: 'The key stays: the same transfer submitted again is the same transfer.' },
      },
    },
  },
});

export const transferKeyMinter = (mint: () => string) => requestKeyMinter<TransferContext, TransferEvent>(mint);

export type TransferActorRef = ActorRefFrom<typeof transferMachine>;
