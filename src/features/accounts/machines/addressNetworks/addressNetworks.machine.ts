import { assign, setup, type ActorRefFrom } from 'xstate';
import type { ToastMessage } from '../../../../../domain/errors';
import type { WalletNetwork } from '../../../../../domain/wallet';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { readState } from '../../../../app/machines/loadStates/loadStates';

export type AddressNetworksEvent = { type: 'networks.currency'; currency: string } | { type: 'networks.retry' };

export interface AddressNetworksContext {
  currency: string | undefined;
  /** The currency's networks, as the wallet lists them (GET /api/wallet/networks). */
  networks: WalletNetwork[];
}

/**
 * The address book's Network choices (issue 50 M12): the networks of the currency chosen on the
 * form, read when the currency changes, so the user picks one rather than typing "trc 20" and
 * hearing of it only after the 2FA code was spent. A failed read is toasted and can be retried.
 */
const addressNetworksSetup = setup({
  types: { context: {} as AddressNetworksContext, events: {} as AddressNetworksEvent, input: {} as { currency?: string } },
  actors: { fetchNetworks: toBeProvided<WalletNetwork[], { currency: string }>('fetchNetworks') },
  actions: { showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined },
  guards: { hasCurrency: ({ context }) => Boolean(context.currency) },
});

export const addressNetworksMachine = addressNetworksSetup.createMachine({
  id: 'addressNetworks',
  context: ({ input }) => ({ currency: input?.currency, networks: [] }),
  on: {
    'networks.currency': { target: '.start', reenter: true, actions: assign({ currency: ({ event }) => event.currency, networks: [] }) },
  },
  initial: 'start',
  states: {
    start: { always: [{ guard: 'hasCurrency', target: 'loading' }, { target: 'idle' }] },
    idle: { description: 'No currency chosen yet.' },
    loading: readState(addressNetworksSetup, { src: 'fetchNetworks', input: ({ context }) => ({ currency: context.currency! }), into: (networks) => ({ networks }), next: 'ready', failed: 'failed' }),
    ready: {},
    failed: { on: { 'networks.retry': 'loading' } },
  },
});

export type AddressNetworksActorRef = ActorRefFrom<typeof addressNetworksMachine>;
