import { and, assign, sendTo, setup, stateIn, type ActorRefFrom } from 'xstate';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import type { WithdrawalRecord, WithdrawQuota, WithdrawRequest, WalletNetwork } from '../../../../../domain/wallet';
import { withdrawalProblem, type WithdrawLimits } from '../../../../../domain/walletValidation';
import type { BookRecord } from '../../../../kit/addressBook/bookRecord';
import { submitGuardMachine } from '../../../../app/machines/submitGuard/submitGuard.machine';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { currencyStart } from '../currencyStart';
import { noRequestKey, requestKey, requestKeyMinter, type RequestKey } from '../requestKey';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';
import { withdrawalsHeldUntil } from './withdrawalHold';

/** A currency as the withdrawal page needs it (from the app's currency list). */
export interface WithdrawCurrency {
  symbol: string;
  draw_turn: 0 | 1;
}

export interface WithdrawalInput {
  currency?: string;
  currencies: WithdrawCurrency[];
}

export interface WithdrawForm {
  address: string;
  quantity: string;
}

export type WithdrawalEvent =
  | { type: 'withdraw.currency'; currency: string }
  | { type: 'withdraw.network'; network: string }
  | { type: 'withdraw.submit'; form: WithdrawForm }
  | { type: 'withdraw.password'; password: string; totpCode?: string }
  | Signals<'withdraw', 'confirm' | 'back' | 'retry' | 'again'>
  | { type: 'guard.accepted'; payload?: unknown };

export interface WithdrawalContext extends RequestKey {
  currencies: WithdrawCurrency[];
  currency: string | undefined;
  networks: WalletNetwork[];
  network: string | undefined;
  quota: WithdrawQuota | undefined;
  /** The user's address book (all currencies); the page offers those of the chosen currency and network. */
  book: BookRecord[];
  form: WithdrawForm;
  /** Held from the security check until the submission ends, never longer. */
  fundsPassword: string;
  /** With 2FA on: the authenticator's code (or a recovery code), sent as totp_code. */
  totpCode: string;
  /**
   * Why the last submission was refused (the server's translated message, such as a wrong funds
   * password with the attempts left), shown on the form until the next attempt.
   */
  refusal: ToastMessage | undefined;
  /**
   * Why the security step refused the funds password (missing, wrong with the attempts left, locked):
   * said once, in the dialog, not also toasted or under the form (issue 50 M1).
   */
  passwordRefusal: ToastMessage | undefined;
}

export interface SubmitWithdrawalInput {
  request: WithdrawRequest;
  idempotencyKey: string | undefined;
}

const findCurrency = (context: WithdrawalContext, symbol: string | undefined) => context.currencies.find((c) => c.symbol === symbol);
const firstOpen = (networks: WalletNetwork[]) => networks.find((n) => n.withdraw_enabled)?.network;

/**
 * What the fee, minimum and quota checks compare against, for the network on screen; in allowlist
 * mode also the saved addresses of this currency and network, judged at `now` (issue 50 M16).
 */
export function limitsOf(context: Pick<WithdrawalContext, 'networks' | 'network' | 'quota' | 'book' | 'currency'>, now: number): WithdrawLimits | undefined {
  const network = context.networks.find((n) => n.network === context.network);
  if (!network || !context.quota) return undefined;
  const limits = {
    min: network.withdraw_min,
    fee: network.withdraw_fee,
    available: context.quota.available,
    remaining: context.quota.remaining,
    network: network.network,
    // The currency's own places (its listing's precision): a finer quantity is refused at the field, as the server refuses it.
    ...(context.quota.places !== undefined ? { places: context.quota.places } : {}),
    // No USDT price yet: nothing fits the 24-hour limit, said at the quantity (the server's walletNoPrice).
    ...(context.quota.priced === false ? { unpriced: true } : {}),
  };
  if (!context.quota.allowlist) return limits;
  const saved = context.book.filter((b) => b.currency === context.currency && b.network === network.network).map((b) => ({ address: String(b.address), usable_from: typeof b.usable_from === 'number' ? b.usable_from : undefined }));
  return { ...limits, allowlist: { now, saved } };
}

/**
 * One of the loading state's three side-by-side reads (networks, quota, address book): read, keep
 * the answer, or fail the whole load. Written once since the three differ only in what they read
 * and where they keep it; `loaded` is what the `allLoaded` guard waits for in each.
 */
function readBeside<const S extends 'fetchNetworks' | 'fetchQuota' | 'fetchAddresses', T>(src: S, keep: (output: T) => Partial<WithdrawalContext>) {
  return {
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: src,
          src,
          input: ({ context }: { context: WithdrawalContext }) => ({ currency: context.currency! }),
          onDone: { target: 'loaded', actions: { type: 'keep', params: ({ event }: { event: { output: T } }) => keep(event.output) } },
          onError: { target: '#withdrawal.loadFailed', actions: toastError },
        },
      },
      loaded: {},
    },
  } as const;
}

/** The request as it would be sent, without the password: what one idempotency key stands for. */
const signature = (c: WithdrawalContext) => JSON.stringify([c.currency, c.network, c.form.address.trim(), c.form.quantity.trim()]);
const key = requestKey<WithdrawalContext, WithdrawalEvent>(signature);

/**
 * Withdrawal (spec §2 /wallet/cash/{currency?}, §5, §8). draw_turn 0 → closed. Loading reads the
 * networks, the 24-hour quota and the address book side by side; editing checks address and
 * quantity (minimum, fee, quota, balance) with the shared schema; the funds password is asked in a
 * security check, the request is confirmed, and the submission passes the 2000 ms submit guard and
 * carries an idempotency key (`mintIdempotencyKey`, supplied at the composition root) so a retry
 * after a lost answer cannot withdraw twice. The address is checked on the form against the
 * network's shape and the funds password at its step (the server's own check, counted towards its
 * lock). Success says "withdrawal submitted, waiting for review" (it is only queued), tells
 * `withdrawn` (balances and records refresh) and reads the quota again, so the available balance
 * and the 24-hour use on screen are the new ones; a refusal goes back to editing with its message
 * kept on the form (`refusal`) until the next attempt, and a refused funds password in the
 * security dialog (`passwordRefusal`): each said once, where it belongs, not also toasted (issue 50 M1).
 */
export const withdrawalMachine = setup({
  types: { context: {} as WithdrawalContext, events: {} as WithdrawalEvent, input: {} as WithdrawalInput },
  actors: {
    submitGuard: submitGuardMachine,
    fetchNetworks: toBeProvided<WalletNetwork[], { currency: string }>('fetchNetworks'),
    fetchQuota: toBeProvided<WithdrawQuota, { currency: string }>('fetchQuota'),
    fetchAddresses: toBeProvided<BookRecord[]>('fetchAddresses'),
    submitWithdrawal: toBeProvided<WithdrawalRecord, SubmitWithdrawalInput>('submitWithdrawal'),
    /** The security step's own check of the funds password on the server (counted towards its lock). */
    checkFundsPassword: toBeProvided<unknown, { password: string }>('checkFundsPassword'),
  },
  actions: {
    showToast,
    withdrawn: () => undefined,
    ...key.actions,
    keep: assign((_, params: Partial<WithdrawalContext>) => params),
  },
  guards: {
    keyFitsRequest: key.keyFitsRequest,
    noCurrency: ({ context }) => findCurrency(context, context.currency) === undefined,
    withdrawalsClosed: ({ context }) => findCurrency(context, context.currency)?.draw_turn === 0,
    noOpenNetwork: ({ context }) => firstOpen(context.networks) === undefined,
    allLoaded: and([stateIn('#withdrawal.loading.networks.loaded'), stateIn('#withdrawal.loading.quota.loaded'), stateIn('#withdrawal.loading.book.loaded')]),
    isKnown: ({ context, event }) => event.type === 'withdraw.currency' && findCurrency(context, event.currency) !== undefined,
    isOpenNetwork: ({ context, event }) => event.type === 'withdraw.network' && context.networks.some((n) => n.network === event.network && n.withdraw_enabled),
    formValid: ({ context, event }) => {
      if (event.type !== 'withdraw.submit') return false;
      const limits = limitsOf(context, Date.now());
      // Nothing is taken while a security change holds withdrawals (the form says until when).
      return limits !== undefined && withdrawalProblem(limits, event.form) === undefined && withdrawalsHeldUntil(context.quota) === undefined;
    },
    hasPassword: ({ event }) => event.type === 'withdraw.password' && event.password.length > 0,
  },
}).createMachine({
  id: 'withdrawal',
  context: ({ input }) => ({
    currencies: input.currencies,
    currency: input.currency?.toUpperCase(),
    networks: [],
    network: undefined,
    quota: undefined,
    book: [],
    form: { address: '', quantity: '' },
    fundsPassword: '',
    totpCode: '',
    ...noRequestKey,
    refusal: undefined,
    passwordRefusal: undefined,
  }),
  invoke: { id: 'guard', src: 'submitGuard', input: ({ self }) => ({ replyTo: self }) },
  on: {
    'withdraw.currency': {
      guard: 'isKnown',
      target: '.start',
      reenter: true,
      actions: assign({ currency: ({ event }) => event.currency, networks: [], network: undefined, quota: undefined, form: { address: '', quantity: '' }, refusal: undefined }),
    },
  },
  initial: 'start',
  states: {
    ...currencyStart('withdrawalsClosed', 'draw_turn 0: withdrawals of this currency are closed.', 'loading'),
    loading: {
      type: 'parallel',
      description: 'Networks, quota and the address book load side by side.',
      states: {
        networks: readBeside('fetchNetworks', (networks: WalletNetwork[]) => ({ networks })),
        quota: readBeside('fetchQuota', (quota: WithdrawQuota) => ({ quota })),
        book: readBeside('fetchAddresses', (book: BookRecord[]) => ({ book })),
      },
      always: [
        { guard: and(['allLoaded', 'noOpenNetwork']), target: 'closed', description: 'No network of this currency takes withdrawals.' },
        {
          guard: 'allLoaded',
          target: 'editing',
          actions: assign({ network: ({ context }) => (context.networks.some((n) => n.network === context.network && n.withdraw_enabled) ? context.network : firstOpen(context.networks)) }),
        },
      ],
    },
    loadFailed: { on: { 'withdraw.retry': 'loading' } },
    editing: {
      on: {
        'withdraw.network': { guard: 'isOpenNetwork', actions: assign({ network: ({ event }) => event.network }) },
        'withdraw.submit': [
          {
            guard: 'formValid',
            target: 'securityCheck',
            actions: assign({ form: ({ event }) => ({ address: event.form.address.trim(), quantity: event.form.quantity.trim() }), refusal: undefined, passwordRefusal: undefined }),
          },
          {
            description: 'The form skipped a rule: say which, send nothing.',
            actions: {
              type: 'showToast',
              params: ({ context, event }) => {
                const limits = limitsOf(context, Date.now());
                return { tone: 'error' as const, message: { key: (limits && withdrawalProblem(limits, event.form)) ?? 'error.system' } };
              },
            },
          },
        ],
      },
    },
    securityCheck: {
      description: 'Spec §6: the funds password is asked for a withdrawal, and checked here, at its step (issue 37 §11).',
      initial: 'asking',
      states: {
        asking: {
          on: {
            'withdraw.password': [
              { guard: 'hasPassword', target: 'verifying', actions: assign({ fundsPassword: ({ event }) => event.password, totpCode: ({ event }) => event.totpCode?.trim() ?? '', passwordRefusal: undefined }) },
              { actions: assign({ passwordRefusal: { key: 'validation.fundsPasswordRequired' } }), description: 'Said in the dialog, at the field.' },
            ],
            'withdraw.back': { target: '#withdrawal.editing', actions: assign({ passwordRefusal: undefined }) },
          },
        },
        verifying: {
          invoke: {
            id: 'checkFundsPassword',
            src: 'checkFundsPassword',
            input: ({ context }) => ({ password: context.fundsPassword }),
            onDone: { target: '#withdrawal.confirming' },
            onError: {
              target: 'asking',
              actions: assign({ fundsPassword: '', passwordRefusal: ({ event }) => messageForError(event.error) }),
              description: 'A wrong (or locked) funds password is refused here, with the attempts left, before the confirmation: once, in the dialog (issue 50 M1).',
            },
          },
        },
      },
    },
    confirming: {
      on: {
        'withdraw.confirm': [
          { guard: 'keyFitsRequest', actions: sendTo('guard', { type: 'guard.submit' }), description: 'A retry of the same request keeps its key.' },
          { actions: ['mintIdempotencyKey', 'rememberKeyFor', sendTo('guard', { type: 'guard.submit' })] },
        ],
        'guard.accepted': 'submitting',
        'withdraw.back': { target: 'editing', actions: assign({ fundsPassword: '', totpCode: '' }) },
      },
    },
    submitting: {
      invoke: {
        id: 'submitWithdrawal',
        src: 'submitWithdrawal',
        input: ({ context }) => ({
          request: { currency: context.currency!, network: context.network!, address: context.form.address, quantity: context.form.quantity, funds_password: context.fundsPassword, ...(context.totpCode ? { totp_code: context.totpCode } : {}) },
          idempotencyKey: context.idempotencyKey,
        }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'showToast', params: { tone: 'success', message: { key: 'wallet.withdraw.submitted' } } },
            'withdrawn',
            assign({ idempotencyKey: undefined, keyFor: undefined, refusal: undefined }),
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({ refusal: ({ event }) => messageForError(event.error) }),
          description: 'The key stays: pressing Withdraw again with the same request is the same withdrawal. The message stays on the form, said once there (issue 50 M1).',
        },
      },
      exit: assign({ fundsPassword: '', totpCode: '' }),
    },
    done: {
      initial: 'refreshing',
      states: {
        refreshing: {
          description: 'The withdrawal froze quantity + fee and used quota: read the available balance and the 24-hour use again.',
          invoke: {
            id: 'refreshQuota',
            src: 'fetchQuota',
            input: ({ context }) => ({ currency: context.currency! }),
            onDone: { target: 'fresh', actions: assign({ quota: ({ event }) => event.output }) },
            onError: { target: 'stale', actions: toastError },
          },
        },
        fresh: {},
        stale: { description: 'The figures are those from before the withdrawal; a new withdrawal reads them again.' },
      },
      on: { 'withdraw.again': { target: 'loading', actions: assign({ form: { address: '', quantity: '' } }) } },
    },
  },
});

/** The `mintIdempotencyKey` action over a key source (crypto.randomUUID in the browser, a counter in tests). */
export const withdrawalKeyMinter = (mint: () => string) => requestKeyMinter<WithdrawalContext, WithdrawalEvent>(mint);

export type WithdrawalActorRef = ActorRefFrom<typeof withdrawalMachine>;
