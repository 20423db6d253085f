import { assign, setup, type ActorRefFrom } from 'xstate';
import type { DepositAddress, WalletNetwork } from '../../../../../domain/wallet';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { currencyStart } from '../currencyStart';
import { readState } from '../../../../app/machines/loadStates/loadStates';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

/** A currency as the deposit page needs it (from the app's currency list). */
export interface DepositCurrency {
  symbol: string;
  recharge_turn: 0 | 1;
}

export interface DepositInput {
  currency?: string;
  currencies: DepositCurrency[];
}

export type DepositEvent =
  | { type: 'deposit.currency'; currency: string }
  | { type: 'deposit.network'; network: string }
  | Signals<'deposit', 'retry' | 'copy'>;

export interface DepositContext {
  currencies: DepositCurrency[];
  currency: string | undefined;
  networks: WalletNetwork[];
  network: string | undefined;
  address: DepositAddress | undefined;
}

const find = (context: DepositContext, symbol: string | undefined) => context.currencies.find((c) => c.symbol === symbol);

/**
 * Deposit (spec §2 /wallet/recharge/{currency?}): pick a currency (recharge_turn 0 → closed),
 * its networks load and the first open one is chosen, then the user's address on that network
 * (with its QR codes and minimum); the address can be copied ("Copy success" / "Copy failed").
 * A closed currency's networks are still read, for why: a delisting (issue 52 §1) says its reason
 * and end on each network, which the page shows as the withdrawal page does.
 */
const depositSetup = setup({
  types: { context: {} as DepositContext, events: {} as DepositEvent, input: {} as DepositInput },
  actors: {
    fetchNetworks: toBeProvided<WalletNetwork[], { currency: string }>('fetchNetworks'),
    fetchAddress: toBeProvided<DepositAddress, { currency: string; network: string }>('fetchAddress'),
    copyText: toBeProvided<boolean, { text: string }>('copyText'),
  },
  actions: {
    showToast,
  },
  guards: {
    noCurrency: ({ context }) => find(context, context.currency) === undefined,
    depositsClosed: ({ context }) => find(context, context.currency)?.recharge_turn === 0,
    isKnown: ({ context, event }) => event.type === 'deposit.currency' && find(context, event.currency) !== undefined,
    noOpenNetwork: (_, params: { networks: WalletNetwork[] }) => !params.networks.some((n) => n.deposit_enabled),
    isOpenNetwork: ({ context, event }) => event.type === 'deposit.network' && context.networks.some((n) => n.network === event.network && n.deposit_enabled),
    copied: (_, params: { ok: boolean }) => params.ok,
  },
});

export const depositMachine = depositSetup.createMachine({
  id: 'deposit',
  context: ({ input }) => ({ currencies: input.currencies, currency: input.currency?.toUpperCase(), networks: [], network: undefined, address: undefined }),
  on: {
    'deposit.currency': {
      guard: 'isKnown',
      target: '.start',
      reenter: true,
      actions: assign({ currency: ({ event }) => event.currency, networks: [], network: undefined, address: undefined }),
    },
  },
  initial: 'start',
  states: {
    ...currencyStart('depositsClosed', 'recharge_turn 0: deposits of this currency are closed.', 'loadingNetworks'),
    closed: {
      description:
        "Its networks are read for why: a delisting's reason and end. Without them (or on an error) the page says only that deposits are closed. Reached after a read whose networks are all closed, they are read again: only when the app's list said open.",
      invoke: {
        id: 'fetchNetworks',
        src: 'fetchNetworks',
        input: ({ context }) => ({ currency: context.currency! }),
        onDone: { actions: assign({ networks: ({ event }) => event.output }) },
        onError: {},
      },
    },
    loadingNetworks: {
      invoke: {
        id: 'fetchNetworks',
        src: 'fetchNetworks',
        input: ({ context }) => ({ currency: context.currency! }),
        onDone: [
          { guard: { type: 'noOpenNetwork', params: ({ event }) => ({ networks: event.output }) }, target: 'closed', actions: assign({ networks: ({ event }) => event.output }) },
          {
            target: 'loadingAddress',
            actions: assign({ networks: ({ event }) => event.output, network: ({ event }) => event.output.find((n) => n.deposit_enabled)!.network }),
          },
        ],
        onError: { target: 'networksFailed', actions: toastError },
      },
    },
    networksFailed: { on: { 'deposit.retry': 'loadingNetworks' } },
    loadingAddress: {
      entry: assign({ address: undefined }),
      ...readState(depositSetup, { src: 'fetchAddress', input: ({ context }) => ({ currency: context.currency!, network: context.network! }), into: (address) => ({ address }), next: 'ready', failed: 'addressFailed' }),
    },
    addressFailed: {
      on: {
        'deposit.retry': 'loadingAddress',
        'deposit.network': { guard: 'isOpenNetwork', target: 'loadingAddress', actions: assign({ network: ({ event }) => event.network }) },
      },
    },
    ready: {
      on: { 'deposit.network': { guard: 'isOpenNetwork', target: 'loadingAddress', actions: assign({ network: ({ event }) => event.network }) } },
      initial: 'idle',
      states: {
        idle: { on: { 'deposit.copy': 'copying' } },
        copying: {
          invoke: {
            id: 'copyText',
            src: 'copyText',
            input: ({ context }) => ({ text: context.address!.address }),
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

export type DepositActorRef = ActorRefFrom<typeof depositMachine>;
