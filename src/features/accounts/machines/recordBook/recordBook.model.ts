import { recordBookMachine } from './recordBook.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

const address = { id: 7, currency: 'USDT', network: 'TRC20', address: 'TXYZ', note: 'mine' };

export const recordBookModel = machineModel(
  recordBookMachine,
  [
    { name: 'withdrawal addresses', input: { messages: { added: 'addresses.added', edited: 'addresses.edited', deleted: 'addresses.deleted' }, asksCode: true } },
    { name: 'collection methods', input: { messages: { added: 'addresses.methodAdded', edited: 'addresses.methodEdited', deleted: 'addresses.methodDeleted' } } },
  ],
  [
    { type: 'xstate.done.actor.fetchRecords', output: [address] },
    // Whether 2FA is on, read by the address book (issue 50 C8).
    ...typedValues('xstate.done.actor.readTwoFactor', [true, false], 'output'),
    { type: 'xstate.error.actor.readTwoFactor', error: { kind: 'network' } },
    { type: 'xstate.error.actor.fetchRecords', error: { kind: 'network' } },
    { type: 'book.save', fields: { currency: 'USDT', network: 'TRC20', address: 'TXYZ', note: 'mine' } },
    { type: 'guard.accepted', payload: { fields: { currency: 'USDT', network: 'TRC20', address: 'TXYZ', note: 'mine' } } },
    { type: 'guard.accepted', payload: { id: 7, fields: { real_name: 'Ada', card_number: '1', bank_name: 'B' } } },
    ...actorAnswers('saveRecord', address, { kind: 'server', serverMessage: 'The note needs 4 to 20 characters' }),
    { type: 'book.delete', id: 7 },
    { type: 'book.edit' },
    // What the deleteRecord child (the shared confirm-then-act) reports.
    { type: 'confirmAct.done', subject: { id: 7 }, output: null },
    { type: 'confirmAct.failed', subject: { id: 7 }, error: { kind: 'server', serverMessage: 'Not found' } },
  ],
  (snapshot) => [snapshot.context.pending?.id !== undefined, snapshot.context.refusal !== undefined, snapshot.context.twoFactor ?? null],
);
