import { ownPasswordMachine } from './ownPassword.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

const fields = { password: 'Orchard-Beacon-Thimble-2026', new_password: 'Velvet-Compass-Orchid-2027', code: '123456' };

/** A sendable change, one without a code and one without the current password; the server's yes and its refusal. */
export const ownPasswordModel = machineModel(
  ownPasswordMachine,
  [{ name: 'my security open' }],
  [
    { type: 'ownPassword.submit', fields },
    { type: 'ownPassword.submit', fields: { ...fields, code: '' } },
    { type: 'ownPassword.submit', fields: { ...fields, password: '' } },
    ...actorAnswers('changePassword', { sessions_ended: 1 }, { kind: 'server', serverMessage: 'Your current password is not right' }),
  ],
);
