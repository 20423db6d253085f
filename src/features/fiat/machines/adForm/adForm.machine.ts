import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import { adSendsCrypto, publishProblem, type AdSide, type AdStatus, type FiatAd, type FiatCode, type FiatMethod, type FiatMyAdsPage, type FiatProof, type FiatPublishRequest, type FiatStanding, type PriceKind } from '../../../../../domain/fiat';
import type { ToastMessage } from '../../../../../domain/errors';
import { toastError, showToast } from '../../../../app/machines/toast/toastError';
import { confirmActMachine } from '../../../../app/machines/confirmAct/confirmAct.machine';
import type { ConfirmActReport } from '../../../../app/machines/confirmAct/confirmAct.types';
import { provenActMachine, type ProvenActReport } from '../provenAct/provenAct.machine';
import { proofConfirming, proofProblem, proofRefused } from '../fiatProof';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';

/** One page of the user's ads (with their frozen funds and the total frozen), their methods, and their P2P standing. */
export interface MyAdsData {
  ads: FiatMyAdsPage;
  methods: FiatMethod[];
  standing: FiatStanding;
  /** Whether the user has 2FA on (a sell ad then asks for the code); undefined when it could not be read. */
  twoFactor?: boolean;
}

/** Ads per page of /deal/my-ads. */
export const MY_ADS_PAGE_SIZE = 10;

export interface PublishInput {
  request: FiatPublishRequest;
  idempotencyKey: string | undefined;
}

export type AdField = 'side' | 'crypto' | 'fiat' | 'price_kind' | 'fixed_price' | 'margin' | 'total' | 'min_amount' | 'max_amount' | 'terms';

export interface AdFormContext {
  form: { side: AdSide; crypto: string; fiat: FiatCode; price_kind: PriceKind; fixed_price: string; margin: string; total: string; min_amount: string; max_amount: string; terms: string };
  methodIds: number[];
  data: MyAdsData | undefined;
  /** The page of the user's ads on screen (1-based). */
  page: number;
  idempotencyKey: string | undefined;
  /** A sell ad's proof (funds password, 2FA code), held from Confirm until the publication ends. */
  proof: FiatProof | undefined;
  /** Why the confirmation was not sent, or was refused (the server's message: the withdrawal lock with its end, a wrong password). */
  refusal: ToastMessage | undefined;
}

/** A change of one of the user's ads: what the status children ask about, then send. */
export interface AdChange {
  adId: number;
  status: AdStatus;
}

export type AdFormEvent =
  | { type: 'ad.field'; field: AdField; value: string }
  | { type: 'ad.method'; methodId: number; on: boolean }
  | { type: 'ad.submit' }
  /** A sell ad's confirmation carries what the dialog's proof fields hold; a buy ad's none. */
  | { type: 'ad.confirm'; fundsPassword?: string; totpCode?: string }
  | { type: 'ad.back' }
  | { type: 'ad.status'; adId: number; status: AdStatus }
  | { type: 'ad.page'; page: number }
  | { type: 'ad.retry' }
  /** From the `changeStatus` / `closeAd` children (the shared confirm-then-act) once a confirmed change went through or was refused. */
  | ConfirmActReport<AdChange>
  /** From the `resumeAd` child (a sell ad going online again asks for the proof) once it went through or was refused. */
  | ProvenActReport<AdChange>;

/** The request the form makes (only the price field of its kind). */
export function requestOf(c: Pick<AdFormContext, 'form' | 'methodIds'>): FiatPublishRequest {
  const { fixed_price, margin, ...rest } = c.form;
  return { ...rest, ...(c.form.price_kind === 'fixed' ? { fixed_price } : { margin }), method_ids: c.methodIds } as FiatPublishRequest;
}

/** Whether the form's ad, published, freezes the user's crypto for others to take (a sell ad: issue 49 §2). */
export const formSells = (c: Pick<AdFormContext, 'form'>): boolean => adSendsCrypto(c.form);

/** What a status button's question is about: the ad and the status asked for. */
const statusSubject = (event: AdFormEvent) => (event.type === 'ad.status' ? { adId: event.adId, status: event.status } : undefined);

/**
 * What the form and the list take whenever they are on screen: while the page is read again (after
 * a publish, a pause, resume or close, a page change) and after a failed read, as while editing —
 * typing, a method ticked, Pause/Resume/Close and the pager were dropped then. A page change during a
 * read starts the read over for that page.
 */
const whileShown = {
  'ad.field': { actions: ['forgetKey', 'editField'] },
  'ad.method': { actions: ['forgetKey', 'toggleMethod'] },
  'ad.status': [{ guard: 'closes', actions: 'askClose' }, { guard: 'resumesSellAd', actions: 'askResume' }, { actions: 'askStatus' }],
  'ad.page': { target: 'loading', reenter: true, actions: 'choosePage' },
} as const;

/**
 * Publishing and managing one's own ads (/deal/my-ads): the ad form checked with the rules the
 * server applies (`publishProblem`), a confirmation (a sell ad freezes its total), publishing with
 * an idempotency key kept across a retry; the user's ads with pause, resume and close behind a
 * confirmation (the shared confirm-then-act: `changeStatus` pauses or resumes, `closeAd` closes,
 * which returns what no order holds), the page read again after a change. A sell ad going online —
 * published, or resumed (`resumeAd`, provenAct) — freezes the user's crypto for anyone to take, so
 * its confirmation asks for the funds password and, 2FA on, the code (issue 49 §2); a refused
 * publication stays in its confirmation with the server's message (the lock with its end).
 */
const adFormSetup = setup({
  types: { context: {} as AdFormContext, events: {} as AdFormEvent, input: {} as { fiat: FiatCode } },
  actors: {
    loadMine: toBeProvided<MyAdsData, { page: number; size: number }>('loadMine'),
    publishAd: toBeProvided<FiatAd, PublishInput>('publishAd'),
    changeStatus: confirmActMachine,
    closeAd: confirmActMachine,
    resumeAd: provenActMachine,
  },
  actions: {
    showToast,
    mintIdempotencyKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? 'local-key-ad' }),
    forgetKey: assign({ idempotencyKey: undefined }),
    editField: assign({ form: ({ context, event }) => (event.type === 'ad.field' ? { ...context.form, [event.field]: event.field === 'terms' ? event.value.slice(0, 500) : event.value.trim() } : context.form) }),
    toggleMethod: assign({
      methodIds: ({ context, event }) =>
        event.type !== 'ad.method' ? context.methodIds : event.on ? [...new Set([...context.methodIds, event.methodId])] : context.methodIds.filter((id) => id !== event.methodId),
    }),
    askClose: sendTo('closeAd', ({ event }) => ({ type: 'confirmAct.ask' as const, subject: statusSubject(event) })),
    askStatus: sendTo('changeStatus', ({ event }) => ({ type: 'confirmAct.ask' as const, subject: statusSubject(event) })),
    askResume: sendTo('resumeAd', ({ event }) => ({ type: 'provenAct.ask' as const, subject: statusSubject(event) })),
    choosePage: assign({ page: ({ context, event }) => (event.type === 'ad.page' ? Math.max(1, event.page) : context.page) }),
  },
  guards: {
    valid: ({ context }) => publishProblem(requestOf(context)) === undefined,
    closes: ({ event }) => event.type === 'ad.status' && event.status === 'closed',
    resumesSellAd: ({ context, event }) => event.type === 'ad.status' && event.status === 'online' && context.data?.ads.list.some((a) => a.id === event.adId && adSendsCrypto(a)) === true,
    sells: ({ context }) => formSells(context),
    proofMissing: ({ context, event }) => event.type === 'ad.confirm' && formSells(context) && proofProblem(event.fundsPassword ?? '', event.totpCode ?? '', context.data?.twoFactor) !== undefined,
  },
});

export const adFormMachine = adFormSetup.createMachine({
  id: 'adForm',
  context: ({ input }) => ({
    form: { side: 'sell', crypto: 'USDT', fiat: input.fiat, price_kind: 'fixed', fixed_price: '', margin: '0', total: '', min_amount: '', max_amount: '', terms: '' },
    methodIds: [],
    data: undefined,
    page: 1,
    idempotencyKey: undefined,
    proof: undefined,
    refusal: undefined,
  }),
  invoke: [
    { id: 'changeStatus', src: 'changeStatus', input: ({ self }) => ({ replyTo: self }) },
    { id: 'closeAd', src: 'closeAd', input: ({ self }) => ({ replyTo: self }) },
    { id: 'resumeAd', src: 'resumeAd', input: ({ self }) => ({ replyTo: self }) },
  ],
  on: {
    'confirmAct.done': { target: '.loading', reenter: true, description: 'The ad changed (and a closed one returned its funds): read the page again.' },
    'provenAct.done': { target: '.loading', reenter: true, description: 'A sell ad is online again, its remaining frozen: read the page again.' },
  },
  initial: 'loading',
  states: {
    loading: {
      on: whileShown,
      invoke: {
        id: 'loadMine',
        src: 'loadMine',
        input: ({ context }) => ({ page: context.page, size: MY_ADS_PAGE_SIZE }),
        onDone: { target: 'editing', actions: assign({ data: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: toastError },
      },
    },
    failed: { on: { ...whileShown, 'ad.retry': 'loading' } },
    editing: {
      on: {
        ...whileShown,
        'ad.submit': { guard: 'valid', target: 'confirming' },
      },
    },
    confirming: proofConfirming(adFormSetup, { confirm: 'ad.confirm', back: 'ad.back', next: 'publishing', sends: formSells, missing: 'A sell ad without its funds password (or, 2FA on, its code) is not sent: the dialog says what is missing.' }),
    publishing: {
      invoke: {
        id: 'publishAd',
        src: 'publishAd',
        input: ({ context }) => ({ request: { ...requestOf(context), ...context.proof }, idempotencyKey: context.idempotencyKey }),
        onDone: {
          target: 'loading',
          actions: [
            'forgetKey',
            { type: 'showToast', params: { tone: 'success', message: { key: 'fiat.ads.published' } } },
            // The published ad's figures leave the form, so a second press cannot publish it again
            // (issue 37 §19); the choices (side, coin, currency, price kind, methods) stay.
            assign({ form: ({ context }) => ({ ...context.form, fixed_price: '', margin: '0', total: '', min_amount: '', max_amount: '', terms: '' }) }),
          ],
        },
        onError: proofRefused('A refused sell ad stays in its confirmation with the reason, for a corrected password or code; the key stays.'),
      },
      exit: assign({ proof: undefined }),
    },
  },
});

export const adFormKeyMinter = (mint: () => string) => assign<AdFormContext, AdFormEvent, unknown, AdFormEvent, never>({ idempotencyKey: ({ context }) => context.idempotencyKey ?? mint() });

export type AdFormActorRef = ActorRefFrom<typeof adFormMachine>;
