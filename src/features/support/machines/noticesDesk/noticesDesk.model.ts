import { OPERATOR_NOTE, OPERATOR_NOTICE } from '../notices/noticeFixtures';
import { noticesDeskMachine } from './noticesDesk.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

export const noticesDeskModel = machineModel(
  noticesDeskMachine,
  [{ name: 'operator desk' }],
  [
    ...actorAnswers('fetchDesk', { notices: [OPERATOR_NOTICE], notes: [OPERATOR_NOTE] }),
    { type: 'desk.editNotice', id: 2 },
    { type: 'desk.editNote', noteType: 5 },
    { type: 'desk.tab', lang: 'de_DE' },
    // A German title without its text is refused before sending; the text completes it.
    { type: 'desk.title', value: 'Wartung' },
    { type: 'desk.body', value: 'Sonntag 02:00 UTC.' },
    { type: 'desk.title', value: ' ' },
    { type: 'desk.publish', id: 2 },
    { type: 'desk.unpublish', id: 2 },
    ...actorAnswers('setPublished', {}, { kind: 'server', serverMessage: 'This notice is already published' }),
    ...actorAnswers('saveEditor', {}, { kind: 'server', serverMessage: 'Notice not found' }),
  ],
  (s) => [
    s.context.notices.length > 0,
    s.context.editor?.target.kind,
    s.context.editor?.lang,
    s.context.editor?.titles.de_DE.trim() === '',
    s.context.editor?.bodies.de_DE.trim() === '',
    s.context.editor?.preview,
    s.context.problem?.key,
    s.context.switching?.published,
  ],
);
