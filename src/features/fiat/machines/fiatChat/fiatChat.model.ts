import { CHAT_IMAGE, CHAT_TEXT, ORDER } from '../fiatFixtures';
import { fiatChatMachine } from './fiatChat.machine';
import { actorAnswers, machineModel } from '../../../../app/machines/modelEvents';

/** Stand-ins for picked files: only type and size matter before sending. */
const png = { type: 'image/png', size: 20_000 } as Blob;
const webp = { type: 'image/webp', size: 20_000 } as Blob;
const gif = { type: 'image/gif', size: 20_000 } as Blob;
const huge = { type: 'image/jpeg', size: 5 * 1024 * 1024 } as Blob;

export const fiatChatModel = machineModel(
  fiatChatMachine,
  [
    { name: 'a party', input: { orderId: ORDER.id } },
    { name: 'the operator (read only)', input: { orderId: ORDER.id, messages: [CHAT_TEXT, CHAT_IMAGE] } },
  ],
  [
    ...actorAnswers('loadChat', [CHAT_TEXT]),
    { type: 'chat.retry' },
    { type: 'chat.draft', text: 'Paid, see the proof' },
    { type: 'chat.attach', file: png, name: 'proof.png' },
    { type: 'chat.attach', file: webp, name: 'proof.webp' },
    { type: 'chat.attach', file: gif, name: 'proof.gif' },
    { type: 'chat.attach', file: huge, name: 'scan.jpg' },
    { type: 'chat.send' },
    ...actorAnswers('say', { message: CHAT_IMAGE, imageUrl: 'data:image/png;base64,AA==' }, { kind: 'server', serverMessage: 'The image must be at most 4 MB' }),
    { type: 'chat.pushed', message: { ...CHAT_TEXT, id: 3, sender: 'seller', text: 'Received?' } },
    { type: 'xstate.done.actor.image.2', output: 'data:image/png;base64,AA==' },
    { type: 'xstate.error.actor.image.2', error: { kind: 'network' } },
    { type: 'chat.resync' },
  ],
  (s) => [s.context.draft.length > 0 || s.context.attachment !== undefined, s.context.problem !== undefined, s.context.reading.length],
);
