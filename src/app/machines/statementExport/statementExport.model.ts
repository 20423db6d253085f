import { actorAnswers, machineModel, typedValues } from '../modelEvents';
import { statementExportMachine } from './statementExport.machine';

const FILE = { filename: 'openex-ledger-2026-11-01_2026-12-01.csv', rows: 2, csv: 'a\r\n1\r\n2\r\n' };

export const statementExportModel = machineModel(statementExportMachine, [{ name: 'a history page' }], [
  ...typedValues('statement.days', [7, 365, 5], 'days'),
  { type: 'statement.export' },
  ...actorAnswers('fetchStatement', FILE, { kind: 'server', serverMessage: 'More than 50000 rows in this period; choose a shorter period' }),
  { type: 'xstate.error.actor.fetchStatement', error: { kind: 'network' } },
], (snapshot) => [snapshot.context.days, snapshot.context.refusal !== undefined]);
