import { fromPromise } from 'xstate';
import type { Statement, StatementDays } from '../../../domain/statements';
import { statementExportMachine } from '../machines/statementExport/statementExport.machine';
import type { Services } from '../services';
import { saveCsvFile } from './saveFile';

/**
 * A page's statement export with its effects: the file read from `path` (domain/statements.ts
 * STATEMENT_PATHS) with the user's token, then saved by the browser. Each product's flows name one.
 */
export function statementExport(path: string, { api, showToast }: Pick<Services, 'api' | 'showToast'>) {
  return statementExportMachine.provide({
    actors: { fetchStatement: fromPromise<Statement, { days: StatementDays }>(({ input, signal }) => api.post<Statement>(path, input, signal)) },
    actions: { showToast, saveFile: (_, file) => saveCsvFile(file) },
  });
}
