import { assign, setup, type ActorRefFrom } from 'xstate';
import { messageForError, type ToastMessage } from '../../../../domain/errors';
import { STATEMENT_DAYS, type Statement, type StatementDays } from '../../../../domain/statements';
import { showToast } from '../toast/toastError';
import { toBeProvided } from '../toBeProvided/toBeProvided';

export type StatementExportEvent = { type: 'statement.days'; days: StatementDays } | { type: 'statement.export' };

const statementExportSetup = setup({
  types: {
    context: {} as {
      /** The period chosen, counted back from now. */
      days: StatementDays;
      /** Why the last export was refused (more rows than a file holds), beside the button until the next. */
      refusal: ToastMessage | undefined;
    },
    events: {} as StatementExportEvent,
  },
  actors: {
    fetchStatement: toBeProvided<Statement, { days: StatementDays }>('fetchStatement'),
  },
  actions: {
    showToast,
    /** Hands the file to the browser as a download (the flows' effect). */
    saveFile: (_, _file: Statement) => undefined,
  },
  guards: {
    knownDays: ({ event }) => event.type === 'statement.days' && STATEMENT_DAYS.includes(event.days),
  },
});

/**
 * A trader's statement as a CSV file (domain/statements.ts; docs/API.md "Statements"), one per
 * page that lists a history — spot fills, futures orders, the wallet's ledger — each page's flows
 * giving the read its path. A period is chosen, Export reads the file and saves it; a press while
 * one is read is not heard. A refusal (a period with too many rows) stays beside the button until
 * the period changes or the next export; a network failure is toasted.
 */
export const statementExportMachine = statementExportSetup.createMachine({
  id: 'statementExport',
  context: { days: 30, refusal: undefined },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'statement.days': { guard: 'knownDays', actions: assign({ days: ({ event }) => event.days, refusal: undefined }) },
        'statement.export': 'exporting',
      },
    },
    exporting: {
      description: 'The file is read; the button is busy, and neither the period nor another press is heard.',
      entry: assign({ refusal: undefined }),
      invoke: {
        id: 'fetchStatement',
        src: 'fetchStatement',
        input: ({ context }) => ({ days: context.days }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'saveFile', params: ({ event }) => event.output },
            { type: 'showToast', params: { tone: 'success', message: { key: 'statement.saved' } } },
          ],
        },
        onError: { target: 'idle', actions: assign({ refusal: ({ event }) => messageForError(event.error) }) },
      },
    },
  },
});

export type StatementExportActorRef = ActorRefFrom<typeof statementExportMachine>;
