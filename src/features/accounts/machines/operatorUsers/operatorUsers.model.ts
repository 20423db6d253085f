import { operatorUsersMachine } from './operatorUsers.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

/** The search and the export; the list itself is the shared paged list's model (app/machines/pagedList). */
export const operatorUsersModel = machineModel(operatorUsersMachine, [{ name: 'operator signed in' }], [
  { type: 'users.search', query: { text: ' alice ', frozen: 'yes' } },
  { type: 'users.export' },
  ...actorAnswers('exportUsers', { filename: 'users.csv', rows: 1, csv: 'id\r\n1\r\n' }, { kind: 'server', serverMessage: 'More than 10000 users match' }),
]);
