import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { ToastMessage } from '../../../../domain/errors';
import type { IcoProject, IcoProjectInput } from '../../../../domain/ico';
import { toastError } from '../../../../app/machines/toast/toastError';

/** The operator's project form, as typed (times as epoch ms, the period in seconds). */
export interface ProjectForm {
  id: number | undefined;
  symbol: string;
  name: string;
  description: string;
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
}

export type ProjectField = Exclude<keyof ProjectForm, 'id'>;

const HOUR = 3_600_000;

/** A new project's defaults: starting now, ending in 7 days, 10 % released a day. */
export function blankForm(now: number): ProjectForm {
  const start = Math.floor(now / 60_000) * 60_000;
  return {
    id: undefined, symbol: '', name: '', description: '', total: '1000000', price: '0.1', token_places: '2',
    start_at: String(start), end_at: String(start + 168 * HOUR), min_quantity: '10', max_quantity: '100000',
    release_rate: '0.1', release_period_s: '86400', listed: false,
  };
}

export function formOf(p: IcoProject): ProjectForm {
  return {
    id: p.id, symbol: p.symbol, name: p.name, description: p.description.en_US ?? '', total: p.total, price: p.price,
    token_places: String(p.token_places), start_at: String(p.start_at), end_at: String(p.end_at), min_quantity: p.min_quantity,
    max_quantity: p.max_quantity, release_rate: p.release_rate, release_period_s: String(p.release_period_ms / 1000), listed: p.listed,
  };
}

/** The request the form makes (an edit sends only what the server lets change: everything but the symbol). */
export function inputOf(f: ProjectForm): IcoProjectInput {
  const num = (v: string) => (/^\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : -1);
  return {
    ...(f.id === undefined ? { symbol: f.symbol.trim().toUpperCase() } : { id: f.id }),
    name: f.name.trim(),
    description: { en_US: f.description.trim() },
    total: f.total.trim(),
    price: f.price.trim(),
    token_places: num(f.token_places),
    start_at: num(f.start_at),
    end_at: num(f.end_at),
    min_quantity: f.min_quantity.trim(),
    max_quantity: f.max_quantity.trim(),
    release_rate: f.release_rate.trim(),
    release_period_ms: num(f.release_period_s) * 1000,
    listed: f.listed,
  };
}

export interface IcoDeskContext {
  projects: IcoProject[];
  form: ProjectForm | undefined;
}

export type IcoDeskEvent =
  | { type: 'desk.new'; now: number }
  | { type: 'desk.edit'; projectId: number }
  | { type: 'desk.field'; field: ProjectField; value: string | boolean }
  | { type: 'desk.save' }
  | { type: 'desk.cancel' }
  | { type: 'desk.retry' };

/** The operator's ICO tab: the projects, and a form to create or edit one. */
export const icoDeskMachine = setup({
  types: { context: {} as IcoDeskContext, events: {} as IcoDeskEvent },
  actors: {
    fetchProjects: fromPromise<IcoProject[]>(async () => {
      throw new Error('fetchProjects not provided');
    }),
    saveProject: fromPromise<IcoProject, IcoProjectInput>(async () => {
      throw new Error('saveProject not provided');
    }),
  },
  actions: { showToast: (_, _params: { tone: 'error' | 'success'; message: ToastMessage }) => undefined },
}).createMachine({
  id: 'icoDesk',
  context: { projects: [], form: undefined },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchProjects',
        src: 'fetchProjects',
        onDone: { target: 'ready', actions: assign({ projects: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: toastError },
      },
    },
    failed: { on: { 'desk.retry': 'loading' } },
    ready: {
      on: {
        'desk.new': { target: 'editing', actions: assign({ form: ({ event }) => blankForm(event.now) }) },
        'desk.edit': {
          guard: ({ context, event }) => context.projects.some((p) => p.id === event.projectId),
          target: 'editing',
          actions: assign({ form: ({ context, event }) => formOf(context.projects.find((p) => p.id === event.projectId)!) }),
        },
      },
    },
    editing: {
      on: {
        'desk.field': { actions: assign({ form: ({ context, event }) => ({ ...context.form!, [event.field]: event.value }) }) },
        'desk.save': 'saving',
        'desk.cancel': { target: 'ready', actions: assign({ form: undefined }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveProject',
        src: 'saveProject',
        input: ({ context }) => inputOf(context.form!),
        onDone: { target: 'loading', actions: [assign({ form: undefined }), { type: 'showToast', params: { tone: 'success', message: { key: 'ico.desk.saved' } } }] },
        onError: { target: 'editing', actions: toastError },
      },
    },
  },
});

export type IcoDeskActorRef = ActorRefFrom<typeof icoDeskMachine>;
