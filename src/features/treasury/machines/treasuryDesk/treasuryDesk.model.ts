import { FEES_FIXTURE, SHEET_FIXTURE } from './treasuryDesk.fixtures';
import { treasuryDeskMachine } from './treasuryDesk.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

/** The figure and range chosen, each read arriving or failing, and reloads. */
export const treasuryDeskModel = machineModel(
  treasuryDeskMachine,
  [{ name: 'desk opened' }],
  [
    ...actorAnswers('fetchSeries', FEES_FIXTURE),
    ...actorAnswers('fetchSheet', SHEET_FIXTURE),
    ...typedValues('treasury.pick', ['insurance', 'fees'], 'series'),
    ...typedValues('treasury.range', [90, 30], 'days'),
    { type: 'treasury.currency', currency: 'BTC' },
    { type: 'treasury.reload' },
  ],
  // Which figure and range, and whether a series is held: the rest is data.
  (s) => `${s.context.series}/${s.context.days}/${s.context.data ? 'data' : '-'}`,
);
