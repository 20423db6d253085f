import { auditDeskMachine } from './auditDesk.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

/** The filters, a row opened, and the export; the list itself is the shared paged list's model (app/machines/pagedList). */
export const auditDeskModel = machineModel(auditDeskMachine, [{ name: 'auditor signed in' }], [
  { type: 'audit.search', fields: { operator: ' 7 ', kind: 'kyc.approve', objectType: '', objectId: '', outcome: 'refused', from: '2026-03-01', to: '2026-03-03' } },
  { type: 'audit.clear' },
  { type: 'audit.byOperator', id: 7 },
  { type: 'audit.expand', id: 41 },
  { type: 'audit.export' },
  ...actorAnswers('exportAudit', { filename: 'operator-audit.csv', rows: 1, csv: 'id,at\r\n1,2026-03-01T00:00:00.000Z\r\n' }, { kind: 'server', serverMessage: 'An export holds at most 10000 rows; narrow the filters (the dates, for instance)' }),
]);
