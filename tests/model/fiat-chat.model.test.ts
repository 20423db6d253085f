import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { FiatChatMessage } from '../../domain/fiat';
import { CHAT_IMAGE_READS, CHAT_IMAGE_TYPES, fiatChatMachine, type FiatChatEvent, type SayInput } from '../../src/features/fiat/machines/fiatChat/fiatChat.machine';
import { CHAT_IMAGE, CHAT_TEXT, ORDER } from '../../src/features/fiat/machines/fiatFixtures';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** The chat over a counting history, a scripted `say`, a counting image reader and a hand-driven channel. */
function chat(options: { history?: FiatChatMessage[]; say?: (input: SayInput) => Promise<{ message: FiatChatMessage; imageUrl?: string }>; messages?: FiatChatMessage[] } = {}) {
  let loads = 0;
  const fetched: number[] = [];
  const said: SayInput[] = [];
  let push: (event: FiatChatEvent) => void = () => undefined;
  const machine = fiatChatMachine.provide({
    actors: {
      loadChat: fromPromise(async () => {
        loads += 1;
        return options.history ?? [CHAT_TEXT];
      }),
      say: fromPromise(async ({ input }: { input: SayInput }) => {
        said.push(input);
        return options.say ? options.say(input) : { message: { ...CHAT_TEXT, id: 9, text: input.text } };
      }),
      fetchImage: fromPromise(async ({ input }: { input: { orderId: number; messageId: number } }) => {
        fetched.push(input.messageId);
        return `data:image/png;base64,${input.messageId}`;
      }),
      chatUpdates: fromCallback(({ sendBack }) => {
        push = (event) => sendBack(event);
        return () => undefined;
      }),
    },
  });
  const actor = createActor(machine, { input: { orderId: ORDER.id, messages: options.messages } }).start();
  return { actor, loads: () => loads, fetched, said, push: (e: FiatChatEvent) => push(e) };
}

describe('order chat', () => {
  it('reads the history, then adds pushed messages once each (a sent message comes back too)', async () => {
    const c = chat();
    await vi.advanceTimersByTimeAsync(0);
    expect(c.actor.getSnapshot().context.messages.map((m) => m.id)).toEqual([1]);
    c.push({ type: 'chat.pushed', message: { ...CHAT_TEXT, id: 3, text: 'Received?' } });
    c.push({ type: 'chat.pushed', message: { ...CHAT_TEXT, id: 3, text: 'Received?' } });
    c.push({ type: 'chat.pushed', message: { ...CHAT_TEXT, id: 4, order_id: 999 } });
    expect(c.actor.getSnapshot().context.messages.map((m) => m.id)).toEqual([1, 3]);
  });

  it('after a reconnect the history is read again and merged', async () => {
    const c = chat({ history: [CHAT_TEXT, { ...CHAT_TEXT, id: 5 }] });
    await vi.advanceTimersByTimeAsync(0);
    c.push({ type: 'chat.resync' });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.loads()).toBe(2);
    expect(c.actor.getSnapshot().context.messages.map((m) => m.id)).toEqual([1, 5]);
  });

  it('refuses a wrong type or an oversized image before sending, with a translated message', async () => {
    const c = chat();
    await vi.advanceTimersByTimeAsync(0);
    c.actor.send({ type: 'chat.attach', file: { type: 'image/gif', size: 10 } as Blob, name: 'a.gif' });
    expect(c.actor.getSnapshot().context.problem).toEqual({ key: 'fiat.chat.imageType' });
    c.actor.send({ type: 'chat.attach', file: { type: 'image/png', size: 4 * 1024 * 1024 + 1 } as Blob, name: 'a.png' });
    expect(c.actor.getSnapshot().context.problem).toEqual({ key: 'fiat.chat.imageSize' });
    c.actor.send({ type: 'chat.send' });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.said).toEqual([]);
  });

  it('sends text and an image; the sender keeps its own image without reading it back', async () => {
    const file = { type: 'image/png', size: 100 } as Blob;
    const c = chat({ say: async () => ({ message: CHAT_IMAGE, imageUrl: 'data:image/png;base64,mine' }) });
    await vi.advanceTimersByTimeAsync(0);
    c.actor.send({ type: 'chat.draft', text: '  Paid  ' });
    c.actor.send({ type: 'chat.attach', file, name: 'proof.png' });
    c.actor.send({ type: 'chat.send' });
    expect(c.actor.getSnapshot().matches({ composer: 'sending' })).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(c.said).toEqual([{ orderId: ORDER.id, text: 'Paid', image: file }]);
    const s = c.actor.getSnapshot();
    expect(s.matches({ composer: 'sent' })).toBe(true);
    expect(s.context).toMatchObject({ draft: '', attachment: undefined, images: { 2: 'data:image/png;base64,mine' } });
    expect(c.fetched).toEqual([]);
  });

  it('what is typed while a message sends stays for the next one; what was sent leaves the box', async () => {
    let answer!: (value: { message: FiatChatMessage }) => void;
    const c = chat({ say: () => new Promise((resolve) => (answer = resolve)) });
    await vi.advanceTimersByTimeAsync(0);
    c.actor.send({ type: 'chat.draft', text: 'Paid' });
    c.actor.send({ type: 'chat.send' });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.actor.getSnapshot().matches({ composer: 'sending' })).toBe(true);
    // Typing on from the sent text while the proof uploads.
    c.actor.send({ type: 'chat.draft', text: 'Paid, reference 1234' });
    expect(c.actor.getSnapshot().context.draft).toBe('Paid, reference 1234');
    answer({ message: { ...CHAT_TEXT, id: 9, text: 'Paid' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.actor.getSnapshot().context.draft).toBe(', reference 1234');
    expect(c.said.map((x) => x.text)).toEqual(['Paid']);
  });

  it('a refused send keeps the draft and shows the server\'s reason', async () => {
    const c = chat({ say: () => Promise.reject({ kind: 'server', serverMessage: 'Bitte schreiben Sie 1 bis 500 Zeichen' }) });
    await vi.advanceTimersByTimeAsync(0);
    c.actor.send({ type: 'chat.draft', text: 'hello' });
    c.actor.send({ type: 'chat.send' });
    await vi.advanceTimersByTimeAsync(0);
    const s = c.actor.getSnapshot();
    expect(s.matches({ composer: 'failed' })).toBe(true);
    expect(s.context).toMatchObject({ draft: 'hello', problem: { text: 'Bitte schreiben Sie 1 bis 500 Zeichen' } });
  });

  it('an empty message is not sent', async () => {
    const c = chat();
    await vi.advanceTimersByTimeAsync(0);
    c.actor.send({ type: 'chat.draft', text: '   ' });
    c.actor.send({ type: 'chat.send' });
    expect(c.actor.getSnapshot().matches({ composer: 'idle' })).toBe(true);
  });

  it('an image reader that is no longer ours failing does not stop the chat', async () => {
    const c = chat();
    await vi.advanceTimersByTimeAsync(0);
    c.actor.send({ type: 'xstate.error.actor.image.99', error: undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.actor.getSnapshot().status).toBe('active');
    c.push({ type: 'chat.pushed', message: { ...CHAT_TEXT, id: 7, text: 'still here' } });
    expect(c.actor.getSnapshot().context.messages.map((m) => m.id)).toContain(7);
  });

  it('the operator sees the given messages with their images, and cannot write', async () => {
    const c = chat({ messages: [CHAT_TEXT, CHAT_IMAGE, { ...CHAT_IMAGE, id: 3 }] });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.loads()).toBe(0);
    expect(c.fetched).toEqual([2, 3]);
    expect(c.actor.getSnapshot().context.images).toEqual({ 2: 'data:image/png;base64,2', 3: 'data:image/png;base64,3' });
    c.actor.send({ type: 'chat.draft', text: 'hi' });
    c.actor.send({ type: 'chat.send' });
    expect(c.actor.getSnapshot().matches({ composer: 'idle' })).toBe(true);
  });

  it('reads images in parallel, at most CHAT_IMAGE_READS at once; a broken one shows as broken, and the chat stopping stops the readers', async () => {
    const started: number[] = [];
    const aborted: number[] = [];
    const settle = new Map<number, { resolve: (url: string) => void; reject: (e: unknown) => void }>();
    const machine = fiatChatMachine.provide({
      actors: {
        fetchImage: fromPromise(({ input, signal }: { input: { orderId: number; messageId: number }; signal: AbortSignal }) => {
          started.push(input.messageId);
          signal.addEventListener('abort', () => aborted.push(input.messageId));
          return new Promise<string>((resolve, reject) => settle.set(input.messageId, { resolve, reject }));
        }),
      },
    });
    const images = [2, 3, 4, 5, 6].map((id) => ({ ...CHAT_IMAGE, id }));
    const actor = createActor(machine, { input: { orderId: ORDER.id, messages: [CHAT_TEXT, ...images] } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(CHAT_IMAGE_READS).toBe(3);
    expect(started).toEqual([2, 3, 4]);
    expect(actor.getSnapshot().context.reading).toEqual([2, 3, 4]);
    settle.get(3)!.resolve('data:image/png;base64,3');
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([2, 3, 4, 5]);
    settle.get(2)!.reject({ kind: 'network' });
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([2, 3, 4, 5, 6]);
    expect(actor.getSnapshot().context.images).toEqual({ 2: '', 3: 'data:image/png;base64,3' });
    expect(actor.getSnapshot().context.reading).toEqual([4, 5, 6]);
    actor.stop();
    expect(aborted.sort()).toEqual([4, 5, 6]);
  });

  it('takes a WebP payment proof as well as PNG and JPEG', async () => {
    const c = chat();
    await vi.advanceTimersByTimeAsync(0);
    for (const type of ['image/webp', 'image/jpeg', 'image/png']) {
      c.actor.send({ type: 'chat.attach', file: { type, size: 1000 } as Blob, name: 'proof' });
      expect(c.actor.getSnapshot().context).toMatchObject({ problem: undefined, attachmentName: 'proof' });
    }
    expect(CHAT_IMAGE_TYPES).toContain('image/webp');
  });
});
