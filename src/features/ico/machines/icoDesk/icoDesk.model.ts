import { OPERATOR_PROJECT } from '../icoFixtures';
import { icoDeskMachine } from './icoDesk.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

export const icoDeskModel = machineModel(
  icoDeskMachine,
  [{ name: 'operator desk' }],
  [
    ...actorAnswers('fetchProjects', [OPERATOR_PROJECT]),
    { type: 'desk.new', now: 1_700_000_000_000 },
    { type: 'desk.edit', projectId: 1 },
    { type: 'desk.field', field: 'name', value: 'Nova' },
    { type: 'desk.field', field: 'end_at', value: '2023-11-14T00:00' },
    { type: 'desk.field', field: 'start_at', value: '2026-02-30T10:00' },
    // A new project's form has no description yet; the default language's is required.
    { type: 'desk.description', lang: 'en_US', value: 'A settlement layer.' },
    { type: 'desk.description', lang: 'en_US', value: ' ' },
    { type: 'desk.description', lang: 'ja_JP', value: '決済レイヤー。' },
    { type: 'desk.save' },
    ...actorAnswers('saveProject', OPERATOR_PROJECT, { kind: 'server', serverMessage: 'Invalid project setting: total' }),
  ],
  (s) => [s.context.projects.length > 0, s.context.form?.id, s.context.form?.name, s.context.form?.start_at, s.context.form?.end_at, s.context.form?.descriptions.en_US.trim() === '', s.context.problem?.key],
);
