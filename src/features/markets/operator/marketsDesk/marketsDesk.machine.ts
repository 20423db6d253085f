import { assign, fromCallback, raise, sendTo, setup, type ActorRefFrom, type EventObject } from 'xstate';
import type { Pair } from '../../../../../domain/api';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import { HALT_REASON_MAX } from '../../../../../domain/market';
import {
  type ContractListing,
  type CurrencyListing,
  type DelistSubject,
  type MarketDelisting,
  type MarketKind,
  type MarketListing,
  type OperatorCurrency,
  type OperatorDeskEntry,
  type OperatorMarket,
} from '../../../../../domain/marketsDesk';
import { isSecondFactorCode } from '../../../../../domain/twoFactor';
import { confirmActMachine } from '../../../../app/machines/confirmAct/confirmAct.machine';
import type { ConfirmActReport } from '../../../../app/machines/confirmAct/confirmAct.types';
import { deskList, formDialog } from '../../../../app/machines/loadStates/loadStates';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import { showToast } from '../../../../app/machines/toast/toastError';

/** What a resume asks about: the market (a pair's spot market or its contract). */
export interface ResumeSubject {
  market: MarketKind;
  symbol: string;
  reason: string;
}

export type MarketsDeskEvent =
  | { type: 'markets.reload' }
  /** Shows the spot markets or the perpetual contracts. */
  | { type: 'markets.show'; market: MarketKind }
  /** Opens the halt question of a trading market (a row of the list on screen). */
  | { type: 'markets.halt'; market: MarketKind; symbol: string }
  /** The halt confirmed with the reason traders will read. */
  | { type: 'markets.submitHalt'; reason: string }
  /** Closes the halt question (nothing is sent). */
  | { type: 'markets.close' }
  /** Asks to resume a halted market (the shared confirm-then-act child `resume`). */
  | { type: 'markets.resume'; market: OperatorMarket }
  /** From the `resume` child once a confirmed resume went through or was refused. */
  | ConfirmActReport<ResumeSubject>
  /** Opens the form listing a new spot pair. */
  | { type: 'markets.openListing' }
  /** The listing form sent with the operator's 2FA code (the form checked the fields). */
  | { type: 'markets.submitListing'; listing: MarketListing; code: string }
  /** Opens the delisting form of a trading spot market or contract, or of a listed currency, with no delisting announced. */
  | { type: 'markets.openDelisting'; market: DelistSubject; symbol: string }
  /** The delisting's time and reason, with the operator's 2FA code. */
  | { type: 'markets.submitDelisting'; delist_at: number; reason: string; code: string }
  /** Closes the listing or delisting form (nothing is sent). */
  | { type: 'markets.closeForm' }
  /** Opens the form listing a new currency. */
  | { type: 'markets.openCurrency' }
  /** The currency listing sent with the operator's 2FA code (the server judges the fields). */
  | { type: 'markets.submitCurrency'; listing: CurrencyListing; code: string }
  /** Opens the form listing a perpetual contract on a spot pair. */
  | { type: 'markets.openContract' }
  /** The contract listing sent with the operator's 2FA code (the server judges the fields). */
  | { type: 'markets.submitContract'; listing: ContractListing; code: string }
  /** The pair list's channel pushed the site's list: another operator's (or a delisting's) change. */
  | { type: 'market.pairs'; pairs: Pair[] };

/** What the listing and delisting calls carry: the operator's 2FA code beside the fields. */
export type ListingCall = MarketListing & { code: string };
/** A delisting call names what it delists: a spot market's, a contract's and a currency's go to their own routes (marketsDesk.actors.ts). */
export type DelistingCall = MarketDelisting & { market: DelistSubject; code: string };
export type CurrencyCall = CurrencyListing & { code?: string };
export type ContractCall = ContractListing & { code?: string };

/** What of a pushed list the desk shows: which markets trade and which are halted, and why. */
const pairsSeen = (pairs: Pair[]) =>
  JSON.stringify(pairs.map((p) => [p.left_symbol, p.right_symbol, p.trade_status, p.contract_status, p.halted_reason ?? null, p.contract_halted_reason ?? null]));

export interface MarketsDeskInput {
  /** Whether the operator's roles grant trading.write (halt, resume): without it the desk only reads. */
  mayAct: boolean;
}

export interface MarketsDeskContext {
  markets: OperatorMarket[];
  /** The currencies the list gives after the markets, each with its announced delisting. */
  currencies: OperatorCurrency[];
  mayAct: boolean;
  /** Which kind of market the list shows: the spot markets (at first) or the contracts. */
  shown: MarketKind;
  /** The market the halt question is about. */
  halting: { market: MarketKind; symbol: string } | undefined;
  /** The server's refusal of the last halt, shown in the question (already translated, or a key). */
  refusal: ToastMessage | undefined;
  /** Halt questions opened so far: a fresh reason field each time. */
  asked: number;
  /** The spot market, contract or currency the delisting form is about. */
  delisting: { market: DelistSubject; symbol: string } | undefined;
  /** The server's refusal of the last listing or delisting, shown under its form. */
  formRefusal: ToastMessage | undefined;
  /** Listing and delisting forms opened so far: fresh fields each time. */
  forms: number;
  /** The last pushed pair list as the desk compares it (undefined before the first push). */
  pairsSeen: string | undefined;
}

/** A halt's reason as sent: trimmed, 1 to 200 characters (the server's rule, docs/API.md "Market halts"). */
export const haltReason = (reason: string): string | undefined => {
  const trimmed = reason.trim();
  return trimmed.length > 0 && trimmed.length <= HALT_REASON_MAX ? trimmed : undefined;
};

/**
 * Whether a market's delisting has halted it, as the server says (`delist_halted`, from the pair row's
 * stored step rather than this browser's clock): the server refuses its resume until the close takes
 * it off the list, so the desk offers none.
 */
export const haltedByDelisting = (market: OperatorMarket): boolean => market.delist_halted === true;

/** Whether the desk offers a Delist: a trading market, or a listed currency, with no delisting announced. */
const delistOffered = (context: MarketsDeskContext, market: DelistSubject, symbol: string): boolean =>
  market === 'currency'
    ? context.currencies.some((c) => c.symbol === symbol && c.delist_at === null)
    : context.markets.some((m) => m.market === market && m.symbol === symbol && m.trading && m.delist_at == null);

/** Which toast says a delisting was announced. */
const DELIST_ANNOUNCED: Record<DelistSubject, string> = {
  spot: 'marketsDesk.delistAnnounced',
  futures: 'marketsDesk.contractDelistAnnounced',
  currency: 'marketsDesk.currencyDelistAnnounced',
};

/**
 * The risk desk's markets (issue 52 §1; server/products/markets/halts.ts): every spot market and
 * perpetual contract (one kind shown at a time, `shown`) with its state, halt reason and since when, and
 * after them every currency with its announced delisting (`currencies`), read at start, on reload and after every change. With
 * trading.write (`mayAct`), a trading market is halted through a question that takes the reason
 * traders read (the server's refusal shown in place, the question kept open to correct it), and a
 * halted one resumed after a confirmation (the shared confirm-then-act child `resume`); a new spot
 * pair is listed and a trading spot market's or contract's, or a listed currency's, delisting announced through a form each (`form`), sent with
 * the operator's 2FA code, the server's refusal kept under the form, the list read again after
 * either. Without it the desk reads only: the halt, resume and form events are not heard.
 */
const marketsDeskSetup = setup({
  types: { context: {} as MarketsDeskContext, events: {} as MarketsDeskEvent, input: {} as MarketsDeskInput },
  actors: {
    fetchMarkets: toBeProvided<OperatorDeskEntry[]>('fetchMarkets'),
    haltMarket: toBeProvided<OperatorMarket, { market: MarketKind; symbol: string; reason: string }>('haltMarket'),
    resume: confirmActMachine,
    listPair: toBeProvided<unknown, ListingCall>('listPair'),
    delistMarket: toBeProvided<unknown, DelistingCall>('delistMarket'),
    listCurrency: toBeProvided<unknown, CurrencyCall>('listCurrency'),
    listContract: toBeProvided<unknown, ContractCall>('listContract'),
    /** The pair list's channel (the shell's pairList actor): reports `market.pairs`. */
    pairList: fromCallback<EventObject>(() => () => undefined),
  },
  actions: {
    showToast,
    reload: raise({ type: 'markets.reload' }),
    forgetQuestion: assign({ halting: undefined, refusal: undefined }),
    refuse: assign({ refusal: (_, params: { error: unknown }) => messageForError(params.error) }),
    forgetForm: assign({ delisting: undefined, formRefusal: undefined }),
    refuseForm: assign({ formRefusal: (_, params: { error: unknown }) => messageForError(params.error) }),
    countForm: assign({ forms: ({ context }) => context.forms + 1 }),
    seePairs: assign({ pairsSeen: (_, params: { pairs: Pair[] }) => pairsSeen(params.pairs) }),
  },
  guards: {
    haltable: ({ context, event }) =>
      context.mayAct && event.type === 'markets.halt' && context.markets.some((m) => m.market === event.market && m.symbol === event.symbol && m.trading && m.halted_reason === null),
    resumable: ({ context, event }) => context.mayAct && event.type === 'markets.resume' && event.market.halted_reason !== null && !haltedByDelisting(event.market),
    reasonSendable: ({ event }) => event.type === 'markets.submitHalt' && haltReason(event.reason) !== undefined,
    mayAct: ({ context }) => context.mayAct,
    delistable: ({ context, event }) =>
      context.mayAct && event.type === 'markets.openDelisting' && delistOffered(context, event.market, event.symbol),
    listingSendable: ({ event }) => event.type === 'markets.submitListing' && isSecondFactorCode(event.code),
    // The first push counts as a change: the channel is shared with the app's own pair list, so the desk may join after its snapshot went by and hear only a later change.
    pairsChanged: ({ context, event }) => event.type === 'market.pairs' && context.pairsSeen !== pairsSeen(event.pairs),
    delistingSendable: ({ event }) =>
      event.type === 'markets.submitDelisting' && isSecondFactorCode(event.code) && haltReason(event.reason) !== undefined && Number.isSafeInteger(event.delist_at) && event.delist_at >= 0,
  },
});

/** What the listing and delisting forms share: closed by `markets.closeForm`, the refusal kept under the form, the markets read again once sent. */
const FORM = { close: 'markets.closeForm', closed: '#marketsDesk.form.closed', refusal: 'formRefusal', refuse: 'refuseForm', reload: 'reload' } as const;

export const marketsDeskMachine = marketsDeskSetup.createMachine({
  id: 'marketsDesk',
  context: ({ input }) => ({ markets: [], currencies: [], mayAct: input?.mayAct ?? false, shown: 'spot', halting: undefined, refusal: undefined, asked: 0, delisting: undefined, formRefusal: undefined, forms: 0, pairsSeen: undefined }),
  invoke: [
    { id: 'resume', src: 'resume', input: ({ self }) => ({ replyTo: self }) },
    { id: 'pairList', src: 'pairList' },
  ],
  type: 'parallel',
  on: {
    'markets.show': { actions: assign({ shown: ({ event }) => event.market }) },
    'markets.resume': {
      guard: 'resumable',
      actions: sendTo('resume', ({ event }) => ({ type: 'confirmAct.ask' as const, subject: { market: event.market.market, symbol: event.market.symbol, reason: event.market.halted_reason ?? '' } })),
    },
    'confirmAct.done': { actions: [{ type: 'showToast', params: { tone: 'success', message: { key: 'marketsDesk.resumed' } } }, 'reload'] },
    'confirmAct.failed': { actions: 'reload', description: 'Refused (said by the child): show the markets as they are now.' },
    'market.pairs': [
      {
        guard: 'pairsChanged',
        actions: [{ type: 'seePairs', params: ({ event }) => ({ pairs: event.pairs }) }, 'reload'],
        description: "Another operator's halt, resume, listing, or a delisting's step, pushed to every open page: read the markets again.",
      },
      { actions: { type: 'seePairs', params: ({ event }) => ({ pairs: event.pairs }) } },
    ],
  },
  states: {
    list: deskList(marketsDeskSetup, {
      src: 'fetchMarkets',
      into: (entries) => ({
        markets: entries.filter((e): e is OperatorMarket => e.market !== 'currency'),
        currencies: entries.filter((e): e is OperatorCurrency => e.market === 'currency'),
      }),
      reload: 'markets.reload',
    }),
    halt: {
      initial: 'closed',
      states: {
        closed: {
          entry: 'forgetQuestion',
          on: {
            'markets.halt': { guard: 'haltable', target: 'asking', actions: assign({ halting: ({ event }) => ({ market: event.market, symbol: event.symbol }), asked: ({ context }) => context.asked + 1 }) },
          },
        },
        asking: formDialog(marketsDeskSetup, {
          submit: 'markets.submitHalt',
          guard: 'reasonSendable',
          src: 'haltMarket',
          input: ({ context, event }) => ({ ...context.halting!, reason: haltReason(event.reason)! }),
          close: 'markets.close',
          closed: '#marketsDesk.halt.closed',
          refusal: 'refusal',
          refuse: 'refuse',
          saved: 'marketsDesk.halted',
          reload: 'reload',
          sending: 'Neither a second confirm nor a close is heard while the server decides.',
        }),
      },
    },
    form: {
      description: 'The listing of a new currency, spot pair or contract and the delisting of a trading spot market or contract or a listed currency, each with the operator\'s 2FA code; a refusal stays under its form.',
      initial: 'closed',
      states: {
        closed: {
          entry: 'forgetForm',
          on: {
            'markets.openListing': { guard: 'mayAct', target: 'listing', actions: 'countForm' },
            'markets.openDelisting': { guard: 'delistable', target: 'delisting', actions: ['countForm', assign({ delisting: ({ event }) => ({ market: event.market, symbol: event.symbol }) })] },
            'markets.openCurrency': { guard: 'mayAct', target: 'currency', actions: 'countForm' },
            'markets.openContract': { guard: 'mayAct', target: 'contract', actions: 'countForm' },
          },
        },
        contract: formDialog(marketsDeskSetup, {
          ...FORM,
          submit: 'markets.submitContract',
          src: 'listContract',
          input: ({ event: { listing, code } }) => (code.trim() ? { ...listing, code: code.trim() } : listing),
          saved: 'marketsDesk.contract.listed',
          editing: 'As the currency form: only the server judges these fields, its translated refusal shows under the form.',
        }),
        currency: formDialog(marketsDeskSetup, {
          ...FORM,
          submit: 'markets.submitCurrency',
          src: 'listCurrency',
          // No code: the server says it is needed, in the operator's language.
          input: ({ event: { listing, code } }) => (code.trim() ? { ...listing, code: code.trim() } : listing),
          // Read again: the desk's currencies show the new one.
          saved: 'marketsDesk.currency.listed',
          editing: 'Only the server judges these fields (decision 0041): whatever is typed is sent, and its translated refusal shows under the form.',
        }),
        listing: formDialog(marketsDeskSetup, {
          ...FORM,
          submit: 'markets.submitListing',
          guard: 'listingSendable',
          src: 'listPair',
          input: ({ event: { listing, code } }) => ({ ...listing, code: code.trim() }),
          saved: 'marketsDesk.listed',
        }),
        delisting: formDialog(marketsDeskSetup, {
          ...FORM,
          submit: 'markets.submitDelisting',
          guard: 'delistingSendable',
          src: 'delistMarket',
          input: ({ context, event }) => ({ ...context.delisting!, delist_at: event.delist_at, reason: haltReason(event.reason)!, code: event.code.trim() }),
          saved: (context) => DELIST_ANNOUNCED[context.delisting?.market ?? 'spot'],
        }),
      },
    },
  },
});

export type MarketsDeskActorRef = ActorRefFrom<typeof marketsDeskMachine>;
