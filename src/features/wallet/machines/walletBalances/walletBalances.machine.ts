import { assign, fromCallback, setup, type ActorRefFrom } from 'xstate';
import type { BalanceRow, WalletAccount, WalletBalance, WalletOverview } from '../../../../../domain/wallet';
import { readState } from '../../../../app/machines/loadStates/loadStates';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { showToast } from '../../../../app/machines/toast/toastError';

/** What one load brings: the overview, and the balances of the account on screen (if any). */
export interface WalletSnapshot {
  overview: WalletOverview;
  balances: WalletBalance[];
}

export interface WalletBalancesInput {
  /** The account page on screen; none on /wallet itself. */
  account?: WalletAccount;
}

export type WalletBalancesEvent =
  | { type: 'balances.refresh' }
  | { type: 'balances.hideZero'; hide: boolean }
  /** Pushed by the private user channel (domain/spotOrders.ts UserStreamMessage) after a commit. */
  | { type: 'balance.changed'; rows: BalanceRow[] }
  /** The user's own withdrawal, transfer or cancel went through: read everything again. */
  | { type: 'wallet.changed' };

export interface WalletBalancesContext {
  account: WalletAccount | undefined;
  overview: WalletOverview | undefined;
  balances: WalletBalance[];
  hideZero: boolean;
}

/** Pushed rows replace the available and frozen amounts they name; valuations wait for the reload. */
function applyRows(balances: WalletBalance[], account: WalletAccount | undefined, rows: BalanceRow[]): WalletBalance[] {
  const mine = rows.filter((r) => r.account === account);
  const updated = balances.map((b) => {
    const pushed = mine.find((r) => r.currency === b.currency);
    return pushed ? { ...b, available: pushed.available, frozen: pushed.frozen } : b;
  });
  const added = mine.filter((r) => !balances.some((b) => b.currency === r.currency)).map((r) => ({ ...r, valuation_usdt: '0' }));
  return [...updated, ...added];
}

/**
 * The wallet overview and one account's balances (spec §2 /wallet, /wallet/{account}). Reloads on
 * request (after the user's own withdrawal or transfer) and after pushed balance changes: a push
 * updates the amounts at once, and a burst of pushes is read back once, after the `settle` delay,
 * for fresh valuations and totals.
 */
const walletBalancesSetup = setup({
  types: { context: {} as WalletBalancesContext, events: {} as WalletBalancesEvent, input: {} as WalletBalancesInput },
  actors: {
    /** Wallet-wide signals (features/wallet/actors/wallet.actors.ts createWalletSignals): pushes and own changes. */
    walletSignals: fromCallback(() => () => undefined),
    fetchWallet: toBeProvided<WalletSnapshot, { account: WalletAccount | undefined }>('fetchWallet'),
  },
  actions: {
    showToast,
    applyPushed: assign({
      balances: ({ context }, params: { rows: BalanceRow[] }) => applyRows(context.balances, context.account, params.rows),
    }),
  },
  delays: { settle: 500 },
});

export const walletBalancesMachine = walletBalancesSetup.createMachine({
  id: 'walletBalances',
  context: ({ input }) => ({ account: input.account, overview: undefined, balances: [], hideZero: false }),
  on: {
    'balances.hideZero': { actions: assign({ hideZero: ({ event }) => event.hide }) },
    'balance.changed': { target: '.stale', actions: { type: 'applyPushed', params: ({ event }) => ({ rows: event.rows }) } },
  },
  invoke: { id: 'signals', src: 'walletSignals' },
  initial: 'loading',
  states: {
    loading: {
      on: {
        'balance.changed': { target: 'loading', reenter: true, actions: { type: 'applyPushed', params: ({ event }) => ({ rows: event.rows }) }, description: 'Applied now; the load under way may predate it, so read again once it ends.' },
        'wallet.changed': { target: 'loading', reenter: true, description: 'A transfer or withdrawal here went through while reading: the answer may predate it.' },
      },
      ...readState(walletBalancesSetup, { src: 'fetchWallet', input: ({ context }) => ({ account: context.account }), into: ({ overview, balances }) => ({ overview, balances }), next: 'ready', failed: 'failed' }),
    },
    failed: { on: { 'balances.refresh': 'loading', 'wallet.changed': 'loading' } },
    ready: { on: { 'balances.refresh': 'loading', 'wallet.changed': 'loading' } },
    stale: {
      description: 'Amounts are pushed values; totals and valuations are read again shortly.',
      on: { 'balance.changed': { actions: { type: 'applyPushed', params: ({ event }) => ({ rows: event.rows }) } }, 'balances.refresh': 'loading', 'wallet.changed': 'loading' },
      after: { settle: 'loading' },
    },
  },
});

export type WalletBalancesActorRef = ActorRefFrom<typeof walletBalancesMachine>;
