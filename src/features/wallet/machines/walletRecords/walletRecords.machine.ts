import { fromCallback, sendTo, setup, type ActorRefFrom } from 'xstate';
import { RECORD_PAGE_SIZE, type RecordDays } from '../../../../../domain/wallet';
import { confirmActMachine } from '../../../../app/machines/confirmAct/confirmAct.machine';
import type { ConfirmActReport } from '../../../../app/machines/confirmAct/confirmAct.types';
import { pagedListMachine, type PagedListInput } from '../../../../app/machines/pagedList/pagedList.machine';
import { showToast } from '../../../../app/machines/toast/toastError';

/** Any record row: every wallet list carries a numeric id. */
export interface RecordRow {
  id: number;
}

export interface WalletRecordsInput {
  days?: RecordDays;
  /** Only this currency's rows (the deposit page's recent deposits follow its chosen currency); none: every currency. */
  currency?: string;
  /** Re-read the list this often while shown (deposits advancing through confirmations); none: never. */
  pollMs?: number;
  /** Success toast of the row action (withdrawal cancel), when the list has one. */
  actionDoneKey?: string;
}

/** A wallet list's filter, kept by the shared paged list: the 3/7/30-day preset and, for one currency's rows, the currency. */
export interface WalletRecordsFilter {
  days: RecordDays;
  currency?: string;
}

export type WalletRecordsEvent =
  | { type: 'records.act'; id: number }
  /** From the `actOnRow` child (the shared confirm-then-act) once a confirmed row action went through or was refused. */
  | ConfirmActReport<{ id: number }>
  /** From `walletSignals`: the user's own withdrawal, transfer or cancel changed the wallet. */
  | { type: 'wallet.changed' }
  /** From `walletSignals`: the private channel says a deposit or withdrawal has a new status (issue 37 §4). */
  | { type: 'records.pushed' };

export interface WalletRecordsContext {
  list: PagedListInput<WalletRecordsFilter>;
  actionDoneKey: string;
}

/** The shared list's input for a wallet list (no currency key at all when every currency is listed). */
export const walletRecordsList = (input: WalletRecordsInput): PagedListInput<WalletRecordsFilter> => ({
  filter: { days: input.days ?? 7, ...(input.currency ? { currency: input.currency } : {}) },
  size: RECORD_PAGE_SIZE,
  pollMs: input.pollMs,
});

/**
 * One record list of /wallet (deposits, withdrawals, transfers, ledger): the rows are the shared
 * paged list (`list` child: 3/7/30-day presets of spec §9, paging, the optional poll) over
 * whichever `loadPage` the composition root supplies. This machine reads it again on the wallet's
 * signals, and runs the optional row action (the withdrawal cancel) behind a confirmation (spec
 * §8: the `actOnRow` child, the shared confirm-then-act, asks and acts), reading the page again
 * after it, done or refused.
 */
export const walletRecordsMachine = setup({
  types: { context: {} as WalletRecordsContext, events: {} as WalletRecordsEvent, input: {} as WalletRecordsInput },
  actors: {
    list: pagedListMachine,
    /** Wallet-wide signals (features/wallet/actors/wallet.actors.ts createWalletSignals); none by default. */
    walletSignals: fromCallback(() => () => undefined),
    actOnRow: confirmActMachine,
  },
  actions: {
    showToast,
    /** Told after a row action succeeded (the balances changed). */
    rowActed: () => undefined,
    reloadList: sendTo('list', { type: 'list.reload' }),
  },
}).createMachine({
  id: 'walletRecords',
  context: ({ input }) => ({ list: walletRecordsList(input), actionDoneKey: input.actionDoneKey ?? '' }),
  invoke: [
    { id: 'list', src: 'list', input: ({ context }) => context.list },
    { id: 'signals', src: 'walletSignals' },
    { id: 'actOnRow', src: 'actOnRow', input: ({ self }) => ({ replyTo: self }) },
  ],
  on: {
    'wallet.changed': { actions: 'reloadList' },
    'records.pushed': { actions: 'reloadList', description: 'The operator or the chain moved a row: read the page again, so its status and actions are the new ones.' },
    'records.act': { actions: sendTo('actOnRow', ({ event }) => ({ type: 'confirmAct.ask' as const, subject: { id: event.id } })) },
    'confirmAct.done': { actions: [{ type: 'showToast', params: ({ context }) => ({ tone: 'success', message: { key: context.actionDoneKey } }) }, 'rowActed', 'reloadList'] },
    'confirmAct.failed': {
      actions: 'reloadList',
      description: 'Refused (the operator took the withdrawal meanwhile): the row on screen is stale, so the page is read again.',
    },
  },
});

export type WalletRecordsActorRef = ActorRefFrom<typeof walletRecordsMachine>;
