import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom, type EventObject } from 'xstate';
import type { FiatChatMessage } from '../../../../../domain/fiat';
import { messageForError, type ToastMessage } from '../../../../../domain/errors';
import { toBeProvided } from '../../../../app/machines/toBeProvided/toBeProvided';
import type { Signals } from '../../../../app/machines/loadStates/setupTypes';

/** What the server takes (docs/API.md "P2P fiat", chat): text up to 500, an image up to 4 MB. */
export const CHAT_TEXT_MAX = 500;
export const CHAT_IMAGE_MAX_BYTES = 4 * 1024 * 1024;
/** The payment proof is a screenshot or a photo: the three types the server takes (kernel/platform/images.ts checks the bytes). */
export const CHAT_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp'];
/** Images read at once: a chat full of proofs shows quickly without a burst of requests. */
export const CHAT_IMAGE_READS = 3;
/** The id of the child reading a message's image (its done and error events name it). */
export const imageReaderId = (messageId: number) => `image.${messageId}` as const;
const IMAGE_READER = /^xstate\.(?:done|error)\.actor\.image\.(\d+)$/;

export interface SayInput {
  orderId: number;
  text: string;
  image?: Blob;
}

/** The sent message and, for an image, its data URL (so the sender's thumbnail needs no download). */
export interface SentMessage {
  message: FiatChatMessage;
  imageUrl?: string;
}

export type FiatChatEvent =
  | { type: 'chat.draft'; text: string }
  | { type: 'chat.attach'; file: Blob; name: string }
  | Signals<'chat', 'detach' | 'send' | 'retry'>
  | { type: 'chat.enlarge'; id: number }
  | { type: 'chat.shrink' }
  | { type: 'chat.pushed'; message: FiatChatMessage }
  | { type: 'chat.resync' }
  | { type: `xstate.done.actor.image.${number}`; output: string }
  | { type: `xstate.error.actor.image.${number}`; error: unknown };

export interface FiatChatInput {
  orderId: number;
  /** Messages already at hand (the operator's appeal record): no history read, no composer. */
  messages?: FiatChatMessage[];
}

export interface FiatChatContext {
  orderId: number;
  readOnly: boolean;
  messages: FiatChatMessage[];
  /** Image data URLs by message id; '' when the image could not be read. */
  images: Record<number, string>;
  draft: string;
  attachment: Blob | undefined;
  attachmentName: string;
  /** Why the last attachment or send was refused (the client's check, or the server's translated text). */
  problem: ToastMessage | undefined;
  enlarged: number | undefined;
  /** The messages whose images are being read (at most CHAT_IMAGE_READS). */
  reading: number[];
  /** What the send under way carries: what is typed or attached meanwhile stays for the next one. */
  inFlight: { text: string; attachment: Blob | undefined } | undefined;
}

/** The draft once `sent` has gone: what was typed after it (typing on from the sent text keeps the rest), or nothing. */
export function draftAfterSending(draft: string, sent: string): string {
  if (draft === sent) return '';
  return draft.startsWith(sent) ? draft.slice(sent.length).trimStart() : draft;
}

/** Messages by id, oldest first, each once (a sent message also comes back over the private channel). */
export function mergeMessages(current: FiatChatMessage[], incoming: FiatChatMessage[]): FiatChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The oldest message with an image neither read nor being read. */
const nextMissingImage = (context: FiatChatContext) => context.messages.find((m) => m.image !== null && context.images[m.id] === undefined && !context.reading.includes(m.id));
/** The message a reader's done or error event is about, if one of ours is reading it. */
const readerMessage = (context: FiatChatContext, eventType: string) => {
  const id = Number(IMAGE_READER.exec(eventType)?.[1]);
  return context.reading.includes(id) ? id : undefined;
};

/**
 * An order's chat (issue 15): the history, live messages from the private channel (the history is
 * read again after a reconnect, since pushes during the drop are lost), a text or a payment-proof
 * image checked here for type and size before it is sent, and the images read with the viewer's
 * token, CHAT_IMAGE_READS at a time (each by a child `image.<message id>`, stopped with the chat). Sending → sent, or failed with the server's translated reason.
 */
export const fiatChatMachine = setup({
  types: { context: {} as FiatChatContext, events: {} as FiatChatEvent, input: {} as FiatChatInput },
  actors: {
    loadChat: toBeProvided<FiatChatMessage[], { orderId: number }>('loadChat'),
    say: toBeProvided<SentMessage, SayInput>('say'),
    fetchImage: toBeProvided<string, { orderId: number; messageId: number }>('fetchImage'),
    /** The private channel's chat pushes for this order (`chat.pushed`) and reconnects (`chat.resync`). */
    chatUpdates: fromCallback<EventObject, { orderId: number }>(() => () => undefined),
  },
  guards: {
    preset: ({ context }) => context.readOnly,
    wrongType: ({ event }) => event.type === 'chat.attach' && !CHAT_IMAGE_TYPES.includes(event.file.type),
    tooLarge: ({ event }) => event.type === 'chat.attach' && event.file.size > CHAT_IMAGE_MAX_BYTES,
    canSend: ({ context }) => !context.readOnly && (context.attachment !== undefined || (context.draft.trim().length > 0 && context.draft.length <= CHAT_TEXT_MAX)),
    thisOrder: ({ context, event }) => event.type === 'chat.pushed' && event.message.order_id === context.orderId,
    mayReadImage: ({ context }) => context.reading.length < CHAT_IMAGE_READS && nextMissingImage(context) !== undefined,
    readingThis: ({ context, event }) => readerMessage(context, event.type) !== undefined,
  },
  actions: {
    readNextImage: enqueueActions(({ context, enqueue }) => {
      const next = nextMissingImage(context);
      if (!next) return;
      enqueue.spawnChild('fetchImage', { id: imageReaderId(next.id), input: { orderId: context.orderId, messageId: next.id } });
      enqueue.assign({ reading: [...context.reading, next.id] });
    }),
  },
}).createMachine({
  id: 'fiatChat',
  type: 'parallel',
  context: ({ input }) => ({
    orderId: input.orderId,
    readOnly: input.messages !== undefined,
    messages: input.messages ?? [],
    images: {},
    draft: '',
    attachment: undefined,
    attachmentName: '',
    problem: undefined,
    enlarged: undefined,
    reading: [],
    inFlight: undefined,
  }),
  invoke: { id: 'chatUpdates', src: 'chatUpdates', input: ({ context }) => ({ orderId: context.orderId }) },
  on: {
    'chat.pushed': { guard: 'thisOrder', actions: assign({ messages: ({ context, event }) => mergeMessages(context.messages, [event.message]) }) },
    'chat.enlarge': { actions: assign({ enlarged: ({ event }) => event.id }) },
    'chat.shrink': { actions: assign({ enlarged: undefined }) },
  },
  states: {
    history: {
      initial: 'starting',
      states: {
        starting: { always: [{ guard: 'preset', target: 'ready' }, { target: 'loading' }] },
        loading: {
          invoke: {
            id: 'loadChat',
            src: 'loadChat',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: { target: 'ready', actions: assign({ messages: ({ context, event }) => mergeMessages(context.messages, event.output) }) },
            onError: 'failed',
          },
        },
        ready: { on: { 'chat.resync': { guard: ({ context }) => !context.readOnly, target: 'loading' } } },
        failed: { on: { 'chat.retry': 'loading', 'chat.resync': 'loading' } },
      },
    },
    composer: {
      initial: 'idle',
      on: {
        'chat.draft': { actions: assign({ draft: ({ event }) => event.text.slice(0, CHAT_TEXT_MAX) }) },
        'chat.attach': [
          { guard: 'wrongType', actions: assign({ problem: { key: 'fiat.chat.imageType' }, attachment: undefined, attachmentName: '' }) },
          { guard: 'tooLarge', actions: assign({ problem: { key: 'fiat.chat.imageSize' }, attachment: undefined, attachmentName: '' }) },
          { actions: assign({ attachment: ({ event }) => event.file, attachmentName: ({ event }) => event.name, problem: undefined }) },
        ],
        'chat.detach': { actions: assign({ attachment: undefined, attachmentName: '' }) },
      },
      states: {
        idle: { on: { 'chat.send': { guard: 'canSend', target: 'sending' } } },
        sending: {
          // What is typed or attached meanwhile waits for the next send (it was dropped: an image's upload
          // takes seconds); the answer clears only what was sent.
          entry: assign({ inFlight: ({ context }) => ({ text: context.draft, attachment: context.attachment }) }),
          invoke: {
            id: 'say',
            src: 'say',
            input: ({ context }) => ({ orderId: context.orderId, text: context.draft.trim(), image: context.attachment }),
            onDone: {
              target: 'sent',
              actions: assign({
                messages: ({ context, event }) => mergeMessages(context.messages, [event.output.message]),
                images: ({ context, event }) => (event.output.imageUrl ? { ...context.images, [event.output.message.id]: event.output.imageUrl } : context.images),
                draft: ({ context }) => draftAfterSending(context.draft, context.inFlight?.text ?? ''),
                attachment: ({ context }) => (context.attachment === context.inFlight?.attachment ? undefined : context.attachment),
                attachmentName: ({ context }) => (context.attachment === context.inFlight?.attachment ? '' : context.attachmentName),
                problem: undefined,
                inFlight: undefined,
              }),
            },
            onError: { target: 'failed', actions: assign({ problem: ({ event }) => messageForError(event.error), inFlight: undefined }) },
          },
        },
        sent: { on: { 'chat.send': { guard: 'canSend', target: 'sending' } } },
        failed: { on: { 'chat.send': { guard: 'canSend', target: 'sending' } } },
      },
    },
    images: {
      // Re-evaluated after every change: a free slot and an unread image start the next reader.
      always: { guard: 'mayReadImage', actions: 'readNextImage' },
      on: {
        'xstate.done.actor.image.*': {
          guard: 'readingThis',
          actions: assign(({ context, event }) => {
            const id = readerMessage(context, event.type)!;
            return { images: { ...context.images, [id]: (event as { output: string }).output }, reading: context.reading.filter((r) => r !== id) };
          }),
        },
        // A broken image is shown as such rather than read again and again. The error of a reader
        // that is no longer ours is taken and dropped: left unhandled, it would stop the whole chat.
        'xstate.error.actor.image.*': [
          {
            guard: 'readingThis',
            actions: assign(({ context, event }) => {
              const id = readerMessage(context, event.type)!;
              return { images: { ...context.images, [id]: '' }, reading: context.reading.filter((r) => r !== id) };
            }),
          },
          {},
        ],
      },
    },
  },
});

export type FiatChatActorRef = ActorRefFrom<typeof fiatChatMachine>;
