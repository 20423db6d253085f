import { describe, expect, it } from 'vitest';
import { FIAT_PATHS } from '../../../domain/fiat.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { expectOk, expectRefusal } from '../http.js';
import { useFiat } from './harness.js';

/**
 * API audit: a P2P chat message over 500 characters was refused as "Invalid value: text" (the
 * route's schema stopped it before the use case could say what is wrong), and one over the route's
 * 6 MB body limit (a payment proof of 5 MB) as "Invalid request". Each is now refused in its own
 * words, translated, and nothing is said in the chat.
 */
const h = useFiat();

const tooLong = (lang: keyof typeof MESSAGES) => MESSAGES[lang].fiatTextTooLong.replace('{max}', '500');
const tooLarge = (lang: keyof typeof MESSAGES) => MESSAGES[lang].bodyTooLarge.replace('{size}', '6');

describe('P2P chat refusals', () => {
  it('a message over 500 characters is refused as too long, in the caller language, saying nothing', async () => {
    const { order, buyer, seller } = await h.ordered('100', '20.2');
    const chat = async () => (expectOk(await h.act(seller, FIAT_PATHS.chat, { order_id: order.id })) as unknown as unknown[]).length;
    const pushes = h.pushes.length;
    expectRefusal(await h.act(buyer, FIAT_PATHS.say, { order_id: order.id, text: 'x'.repeat(501) }), 400, tooLong('en_US'));
    expectRefusal(await h.act(buyer, FIAT_PATHS.say, { order_id: order.id, text: 'x'.repeat(501) }, { lang: 'de_DE' }), 400, tooLong('de_DE'));
    expectRefusal(await h.act(seller, FIAT_PATHS.say, { order_id: order.id, text: 'я'.repeat(20_000) }, { lang: 'ru_RU' }), 400, tooLong('ru_RU'));
    expectRefusal(await h.act(buyer, FIAT_PATHS.say, { order_id: order.id, text: 'x'.repeat(501), image: 'not a data url' }, { lang: 'ja_JP' }), 400, MESSAGES.ja_JP.fiatImageInvalid);
    expect(tooLong('en_US')).toBe('A message is at most 500 characters');
    expect(await chat()).toBe(0);
    expect(h.pushes.length).toBe(pushes);
    // 500 is still a message.
    expect(expectOk(await h.act(buyer, FIAT_PATHS.say, { order_id: order.id, text: 'x'.repeat(500) }))).toMatchObject({ text: 'x'.repeat(500) });
    expect(await chat()).toBe(1);
  });

  it('a message over the 6 MB body limit (a 5 MB payment proof) is refused as too large, translated, saying nothing', async () => {
    const { order, buyer, seller } = await h.ordered('100', '20.2');
    const image = `data:image/png;base64,${Buffer.alloc(5 * 1024 * 1024, 1).toString('base64')}`;
    expectRefusal(await h.act(buyer, FIAT_PATHS.say, { order_id: order.id, image }), 400, tooLarge('en_US'));
    expectRefusal(await h.act(buyer, FIAT_PATHS.say, { order_id: order.id, image }, { lang: 'ko_KR' }), 400, tooLarge('ko_KR'));
    expect(tooLarge('en_US')).toBe('The request is too large: at most 6 MB');
    expect((expectOk(await h.act(seller, FIAT_PATHS.chat, { order_id: order.id })) as unknown as unknown[]).length).toBe(0);
  });

  it('a completed or cancelled order takes no message or payment proof (its chat is for reading), in the caller language', async () => {
    const png = `data:image/png;base64,${Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1e6e9e90000000049454e44ae426082', 'hex').toString('base64')}`;
    const completed = await h.ordered('100', '20.2');
    expectOk(await h.act(completed.buyer, FIAT_PATHS.say, { order_id: completed.order.id, text: 'Paid at 10:02' }));
    expectOk(await h.act(completed.buyer, FIAT_PATHS.markPaid, { order_id: completed.order.id }));
    expectOk(await h.act(completed.seller, FIAT_PATHS.release, { order_id: completed.order.id }));
    const cancelled = await h.ordered('100', '20.2');
    expectOk(await h.act(cancelled.buyer, FIAT_PATHS.cancel, { order_id: cancelled.order.id }));
    const pushes = h.pushes.length;
    for (const { order, buyer, seller } of [completed, cancelled]) {
      expectRefusal(await h.act(buyer, FIAT_PATHS.say, { order_id: order.id, image: png }), 400, MESSAGES.en_US.fiatChatClosed);
      expectRefusal(await h.act(seller, FIAT_PATHS.say, { order_id: order.id, text: 'thanks' }, { lang: 'es_ES' }), 400, MESSAGES.es_ES.fiatChatClosed);
    }
    expect(h.pushes.length).toBe(pushes);
    // The history stays readable by both parties.
    const history = expectOk(await h.act(completed.seller, FIAT_PATHS.chat, { order_id: completed.order.id })) as unknown as Array<{ text: string }>;
    expect(history.map((m) => m.text)).toEqual(['Paid at 10:02']);
    expect((expectOk(await h.act(cancelled.buyer, FIAT_PATHS.chat, { order_id: cancelled.order.id })) as unknown as unknown[]).length).toBe(0);
  });

  it('an appeal without a reason or with one over 500 characters is refused in its own words, changing nothing', async () => {
    const { order, buyer } = await h.ordered('100', '20.2');
    const reasonRule = (lang: keyof typeof MESSAGES) => MESSAGES[lang].fiatReasonRequired;
    expectRefusal(await h.act(buyer, FIAT_PATHS.appeal, { order_id: order.id, reason: 'x'.repeat(501) }), 400, reasonRule('en_US'));
    expectRefusal(await h.act(buyer, FIAT_PATHS.appeal, { order_id: order.id, reason: '' }, { lang: 'fr_FR' }), 400, reasonRule('fr_FR'));
    expectRefusal(await h.act(buyer, FIAT_PATHS.appeal, { order_id: order.id, reason: '   ' }, { lang: 'de_DE' }), 400, reasonRule('de_DE'));
    expect(reasonRule('en_US')).toBe('Please give a reason (1 to 500 characters)');
    expect(await h.status(order.id)).toBe('unpaid');
  });
});
