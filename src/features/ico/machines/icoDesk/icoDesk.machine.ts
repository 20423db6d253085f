import { assign, setup, type ActorRefFrom } from 'xstate';
import type { IcoOperatorProject, IcoProjectInput } from '../../../../../domain/ico';
import { DEFAULT_LANGUAGE, LOCALE_CODES, type LocaleCode } from '../../../../../domain/languages';
import { isSecondFactorCode } from '../../../../../domain/twoFactor';
import { showToast } from '../../../../app/machines/toast/toastError';
import { fromLocalInput, toLocalInput } from '../../../../../domain/localDateTime';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';
import { callState, readState } from '../../../../app/machines/loadStates/loadStates';

/**
 * The operator's project form, as typed: times as `datetime-local` values in the operator's time
 * zone (domain/localDateTime.ts), the period in seconds. `loaded` keeps an edited project's
 * times in ms: a time left as shown is sent back exactly as it was (the picker shows minutes or
 * seconds, and a fixed start must not move by the milliseconds it cannot show). `descriptions`
 * holds every language's text as typed, '' for none (readers of that language get the default's).
 */
export interface ProjectForm {
  id: number | undefined;
  loaded?: { start_at: number; end_at: number };
  symbol: string;
  name: string;
  descriptions: Record<LocaleCode, string>;
  total: string;
  price: string;
  token_places: string;
  start_at: string;
  end_at: string;
  min_quantity: string;
  max_quantity: string;
  release_rate: string;
  release_period_s: string;
  listed: boolean;
  /** Whether the project was listed when loaded: a save that lists it (listed now, not then) asks the operator's 2FA code. */
  wasListed: boolean;
  /** The operator's own 2FA code (or a recovery code), sent only with a save that lists the project (`listsNow`). */
  code: string;
}

/** The form's single-value fields (the descriptions change through `desk.description`, one language at a time). */
export type ProjectField = Exclude<keyof ProjectForm, 'id' | 'loaded' | 'descriptions' | 'wasListed'>;

/** What is wrong with the form, shown under the field (checked before sending). */
export type FormProblem =
  | { field: 'start_at' | 'end_at'; key: 'ico.desk.timeInvalid' | 'ico.desk.endBeforeStart' }
  | { field: 'description'; key: 'ico.desk.descriptionRequired' }
  | { field: 'code'; key: 'ico.desk.codeRequired' };

/**
 * Whether the save lists the project: it then opens a spot market (at once if settled, else at its
 * settlement), as a market listing does, so the server asks the operator's own 2FA code.
 */
export const listsNow = (f: ProjectForm): boolean => f.listed && !f.wasListed;

/** Every language, none written yet. */
const noTexts = (): Record<LocaleCode, string> => Object.fromEntries(LOCALE_CODES.map((lang) => [lang, ''])) as Record<LocaleCode, string>;

const HOUR = 3_600_000;

/** A new project's defaults: starting now, ending in 7 days, 10 % released a day. */
export function blankForm(now: number): ProjectForm {
  const start = Math.floor(now / 60_000) * 60_000;
  return {
    id: undefined, symbol: '', name: '', descriptions: noTexts(), total: '1000000', price: '0.1', token_places: '2',
    start_at: toLocalInput(start), end_at: toLocalInput(start + 168 * HOUR), min_quantity: '10', max_quantity: '100000',
    release_rate: '0.1', release_period_s: '86400', listed: false, wasListed: false, code: '',
  };
}

export function formOf(p: IcoOperatorProject): ProjectForm {
  return {
    id: p.id, loaded: { start_at: p.start_at, end_at: p.end_at }, symbol: p.symbol, name: p.name, descriptions: { ...noTexts(), ...p.descriptions }, total: p.total, price: p.price,
    token_places: String(p.token_places), start_at: toLocalInput(p.start_at), end_at: toLocalInput(p.end_at), min_quantity: p.min_quantity,
    max_quantity: p.max_quantity, release_rate: p.release_rate, release_period_s: String(p.release_period_ms / 1000), listed: p.listed,
    wasListed: p.listed, code: '',
  };
}

/** A time field in ms: the loaded value if the text still shows it, else what the text names. */
export function timeOf(f: ProjectForm, field: 'start_at' | 'end_at'): number | undefined {
  const loaded = f.loaded?.[field];
  if (loaded !== undefined && f[field].trim() === toLocalInput(loaded)) return loaded;
  return fromLocalInput(f[field]);
}

export function formProblem(f: ProjectForm): FormProblem | undefined {
  const start = timeOf(f, 'start_at');
  const end = timeOf(f, 'end_at');
  if (start === undefined) return { field: 'start_at', key: 'ico.desk.timeInvalid' };
  if (end === undefined) return { field: 'end_at', key: 'ico.desk.timeInvalid' };
  if (end <= start) return { field: 'end_at', key: 'ico.desk.endBeforeStart' };
  // Every other language falls back to the default's text, so the server refuses a project without it.
  if (f.descriptions[DEFAULT_LANGUAGE.lang].trim() === '') return { field: 'description', key: 'ico.desk.descriptionRequired' };
  if (listsNow(f) && !isSecondFactorCode(f.code)) return { field: 'code', key: 'ico.desk.codeRequired' };
  return undefined;
}

/** The request the form makes (an edit sends only what the server lets change: everything but the symbol). */
export function inputOf(f: ProjectForm): IcoProjectInput & { code?: string } {
  const num = (v: string) => (/^\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : -1);
  return {
    ...(f.id === undefined ? { symbol: f.symbol.trim().toUpperCase() } : { id: f.id }),
    name: f.name.trim(),
    // Every language, a blank one included: on an edit that removes its text (the server merges).
    description: Object.fromEntries(LOCALE_CODES.map((lang) => [lang, f.descriptions[lang].trim()])),
    total: f.total.trim(),
    price: f.price.trim(),
    token_places: num(f.token_places),
    start_at: timeOf(f, 'start_at') ?? -1,
    end_at: timeOf(f, 'end_at') ?? -1,
    min_quantity: f.min_quantity.trim(),
    max_quantity: f.max_quantity.trim(),
    release_rate: f.release_rate.trim(),
    release_period_ms: num(f.release_period_s) * 1000,
    listed: f.listed,
    ...(listsNow(f) ? { code: f.code.trim() } : {}),
  };
}

export interface IcoDeskContext {
  projects: IcoOperatorProject[];
  form: ProjectForm | undefined;
  /** Why the last save was not sent; cleared by the next change. */
  problem: FormProblem | undefined;
}

export type IcoDeskEvent =
  | { type: 'desk.new'; now: number }
  | { type: 'desk.edit'; projectId: number }
  | { type: 'desk.field'; field: ProjectField; value: string | boolean }
  | { type: 'desk.description'; lang: LocaleCode; value: string }
  | Signals<'desk', 'save' | 'cancel' | 'retry'>;

/** New and Edit, wherever the list is on screen without a form open. */
const openForm = {
  'desk.new': { target: 'editing', actions: 'openBlank' },
  'desk.edit': { guard: 'listed', target: 'editing', actions: 'openProject' },
} as const;

/** The operator's ICO tab: the projects, and a form to create or edit one. */
const icoDeskSetup = setup({
  types: { context: {} as IcoDeskContext, events: {} as IcoDeskEvent },
  actors: {
    fetchProjects: toBeProvided<IcoOperatorProject[]>('fetchProjects'),
    saveProject: toBeProvided<IcoOperatorProject, IcoProjectInput & { code?: string }>('saveProject'),
  },
  actions: {
    showToast,
    openBlank: assign({ form: ({ context, event }) => (event.type === 'desk.new' ? blankForm(event.now) : context.form) }),
    openProject: assign({ form: ({ context, event }) => (event.type === 'desk.edit' ? formOf(context.projects.find((p) => p.id === event.projectId)!) : context.form) }),
  },
  guards: { listed: ({ context, event }) => event.type === 'desk.edit' && context.projects.some((p) => p.id === event.projectId) },
});

export const icoDeskMachine = icoDeskSetup.createMachine({
  id: 'icoDesk',
  context: { projects: [], form: undefined, problem: undefined },
  initial: 'loading',
  states: {
    loading: {
      // The list stays on screen while it is read again after a save: New and Edit open the form then
      // too (they did nothing); the list is read again after the next save.
      on: openForm,
      ...readState(icoDeskSetup, { src: 'fetchProjects', into: (projects) => ({ projects }), next: 'ready', failed: 'failed' }),
    },
    failed: { on: { ...openForm, 'desk.retry': 'loading' } },
    ready: { on: openForm },
    editing: {
      on: {
        'desk.field': { actions: assign({ form: ({ context, event }) => ({ ...context.form!, [event.field]: event.value }), problem: undefined }) },
        'desk.description': {
          actions: assign({
            form: ({ context, event }) => ({ ...context.form!, descriptions: { ...context.form!.descriptions, [event.lang]: event.value } }),
            problem: undefined,
          }),
        },
        'desk.save': [
          { guard: ({ context }) => formProblem(context.form!) === undefined, target: 'saving' },
          { actions: assign({ problem: ({ context }) => formProblem(context.form!) }) },
        ],
        'desk.cancel': { target: 'ready', actions: assign({ form: undefined, problem: undefined }) },
      },
    },
    saving: callState(icoDeskSetup, { src: 'saveProject', input: ({ context }) => inputOf(context.form!), into: () => ({ form: undefined }), saved: 'ico.desk.saved', next: 'loading', failed: 'editing' }),
  },
});

export type IcoDeskActorRef = ActorRefFrom<typeof icoDeskMachine>;
