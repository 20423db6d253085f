import { feesDeskMachine } from './feesDesk.machine';
import { FEES_DESK_FIXTURE } from './feesDesk.fixtures';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

const row = FEES_DESK_FIXTURE.schedule[2]!;
const override = FEES_DESK_FIXTURE.overrides[0]!;

/** The desk's read, and its three edit forms (tiers and a schedule row, each confirmed with the 2FA code; a user's override with the 2FA code). */
export const feesDeskModel = machineModel(
  feesDeskMachine,
  [
    { name: 'finance (fees.write, fees.override)', input: { mayEdit: true, mayOverride: true } },
    { name: 'auditor (fees.read only)', input: { mayEdit: false, mayOverride: false } },
  ],
  [
    ...actorAnswers('fetchDesk', FEES_DESK_FIXTURE),
    { type: 'desk.retry' },
    { type: 'desk.editTiers' },
    { type: 'desk.submitTiers', tiers: FEES_DESK_FIXTURE.tiers },
    { type: 'desk.backToForm' },
    { type: 'desk.confirmEdit', code: '123456' },
    ...actorAnswers('saveTiers', FEES_DESK_FIXTURE.tiers, { kind: 'server', serverMessage: 'A schedule row names a tier this edit removes' }),
    { type: 'desk.editSchedule', row },
    { type: 'desk.submitSchedule', edit: { ...row, maker: '-0.0002' } },
    ...actorAnswers('saveSchedule', row, { kind: 'server', serverMessage: 'Unknown market' }),
    { type: 'desk.editOverride', override },
    { type: 'desk.submitOverride', edit: { user_id: 42, product: 'spot', market: 'BTC_USDT', end: true }, code: '123456' },
    ...actorAnswers('saveOverride', override, { kind: 'server', serverMessage: 'Wrong verification code' }),
    { type: 'desk.closeEdit' },
  ],
  (s) => [s.context.desk === undefined ? '?' : 'desk'],
);
