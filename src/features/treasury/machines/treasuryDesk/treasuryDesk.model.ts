import type { MachineModel } from '../../../../app/machines/model.types';
import { FEES_FIXTURE, SHEET_FIXTURE } from './treasuryDesk.fixtures';
import { treasuryDeskMachine } from './treasuryDesk.machine';
import { actorAnswers } from '../../../../app/machines/modelEvents';

/** The figure and range chosen, each read arriving or failing, and reloads. */
export const treasuryDeskModel: MachineModel<typeof treasuryDeskMachine> = {
  machine: treasuryDeskMachine,
  variants: [{ name: 'desk opened' }],
  events: [
    ...actorAnswers('fetchSeries', FEES_FIXTURE),
    ...actorAnswers('fetchSheet', SHEET_FIXTURE),
    { type: 'treasury.pick', series: 'insurance' },
    { type: 'treasury.pick', series: 'fees' },
    { type: 'treasury.range', days: 90 },
    { type: 'treasury.range', days: 30 },
    { type: 'treasury.currency', currency: 'BTC' },
    { type: 'treasury.reload' },
  ],
  // Which figure and range, and whether a series is held: the rest is data.
  abstract: (s) => `${s.context.series}/${s.context.days}/${s.context.data ? 'data' : '-'}`,
};
