import { describe, expect, it } from 'vitest';
import { collectionMethodSchema, nicknameSchema } from '../../../domain/validation.js';
import { MESSAGES } from '../../../server/kernel/platform/i18n/messages.js';
import { skeleton } from '../../../server/products/accounts/names/lookAlike.js';
import { useFuzzApp } from '../fuzz/fuzzApp.js';
import { expectOk, expectRefusal, post } from '../http.js';
import { createTestUser } from '../support/users.js';

/**
 * Issue 49 §6, what a P2P counterparty reads: a collection method's card or account number stored
 * `<script>`, and a nickname "Аtlas OTC" (a Cyrillic А) impersonating the merchant "Atlas OTC". On
 * the server's own composition: refusals are translated 400s (never a 500) that store nothing, and
 * the form's schema (domain/validation.ts) says the same of the same input.
 */
const t = useFuzzApp();
const EN = MESSAGES.en_US;
const count = async (table: string) => Number((await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n);
const formError = async (schema: { validate: (v: unknown) => Promise<unknown> }, value: unknown) => schema.validate(value).then(() => undefined, (e: Error) => e.message);

describe('a collection method’s card or account number, by its format', () => {
  const method = { real_name: 'Ada Lovelace', bank_name: 'Bank of Tests', currency: 'USD' };
  // [as typed, the server's message key, the form's message key]
  const refused: Array<[string, 'cardNumberInvalid' | 'cardNumberChecksum' | 'ibanChecksum', string]> = [
    ['<script>alert(1)</script>', 'cardNumberInvalid', 'fiat.payee.numberInvalid'],
    ['6222<b>0000</b>1111', 'cardNumberInvalid', 'fiat.payee.numberInvalid'],
    ['6222 0000 1111; DROP', 'cardNumberInvalid', 'fiat.payee.numberInvalid'],
    ['javascript:alert(1)', 'cardNumberInvalid', 'fiat.payee.numberInvalid'],
    ['12345', 'cardNumberInvalid', 'fiat.payee.numberInvalid'],
    ['ABCDEFGH1234', 'cardNumberInvalid', 'fiat.payee.numberInvalid'],
    ['١٢٣٤٥٦٧٨', 'cardNumberInvalid', 'fiat.payee.numberInvalid'],
    // A Visa number with its last digit mistyped (4000 1234 5678 9017 is right).
    ['4000 1234 5678 9010', 'cardNumberChecksum', 'fiat.payee.cardChecksum'],
    ['5500-0000-0000-0005', 'cardNumberChecksum', 'fiat.payee.cardChecksum'],
    ['GB29 NWBK 6016 1331 9268 18', 'ibanChecksum', 'fiat.payee.ibanChecksum'],
  ];
  const taken = ['6222 0000 1111', '6222 8888 7777 1234', '4000-1234-5678-9017', '4111111111111111', '3714 496353 98431', 'GB29 NWBK 6016 1331 9268 19', 'de89370400440532013000', '0012345678'];

  it('refuses markup, other characters and numbers whose check digits fail, translated, storing nothing', async () => {
    const before = await count('collection_method');
    for (const [number, key, formKey] of refused) {
      expectRefusal(await post(t.app, '/api/user/coll_method_add', { ...method, card_number: number }, t.user), 400, EN[key]);
      expect([number, await formError(collectionMethodSchema, { ...method, card_number: number })]).toEqual([number, formKey]);
    }
    expectRefusal(await post(t.app, '/api/user/coll_method_add', { ...method, card_number: '<script>alert(1)</script>' }, { ...t.user, lang: 'ru_RU' }), 400, MESSAGES.ru_RU.cardNumberInvalid);
    expectRefusal(await post(t.app, '/api/user/coll_method_add', { ...method, card_number: '4000 1234 5678 9010' }, { ...t.user, lang: 'zh_TW' }), 400, MESSAGES.zh_TW.cardNumberChecksum);
    // A control character is refused by the strict input or the hidden-character rule: a 400 either way.
    expectRefusal(await post(t.app, '/api/user/coll_method_add', { ...method, card_number: '6222\u00000000' }, t.user), 400);
    expect(await count('collection_method')).toBe(before);
  });

  it('refuses them on edit too, leaving the method as it was', async () => {
    const added = expectOk(await post<{ id: number; card_number: string }>(t.app, '/api/user/coll_method_add', { ...method, card_number: '6222 0000 1111' }, t.user));
    expectRefusal(await post(t.app, '/api/user/coll_method_edit', { ...method, id: added.id, card_number: '<img src=x onerror=alert(1)>' }, t.user), 400, EN.cardNumberInvalid);
    const [row] = await t.db.query<{ card_number: string }>('select card_number from collection_method where id = $1', [added.id]);
    expect(row!.card_number).toBe('6222 0000 1111');
  });

  it('takes card and account numbers as people type them, and IBANs', async () => {
    for (const number of taken) {
      expect(expectOk(await post<{ card_number: string }>(t.app, '/api/user/coll_method_add', { ...method, card_number: number }, t.user)).card_number).toBe(number);
      expect([number, await formError(collectionMethodSchema, { ...method, card_number: number })]).toEqual([number, undefined]);
    }
  });
});

describe('nicknames that impersonate (the name P2P shows for a merchant)', () => {
  const nicknameOf = async (userId: number) => (await t.db.query<{ nickname: string }>('select nickname from app_user where id = $1', [userId]))[0]!.nickname;

  it('refuses a word that mixes alphabets ("Аtlas OTC" with a Cyrillic А), translated; the form says so too', async () => {
    const user = await createTestUser(t.db, { tag: 'names', nickname: 'Ada' });
    for (const mixed of ['\u0410tlas OTC', 'Atlas O\u0422C', 'P\u0430yPal', '\u03a3akura Trade', 'Bo\u0455phorus Pay']) {
      expectRefusal(await post(t.app, '/api/user/nickname', { nickname: mixed }, user.headers), 400, EN.nicknameMixedScripts);
      expect([mixed, await formError(nicknameSchema, { nickname: mixed })]).toEqual([mixed, 'fiat.payee.nicknameMixedScripts']);
    }
    expectRefusal(await post(t.app, '/api/user/nickname', { nickname: '\u0410tlas OTC' }, { ...user.headers, lang: 'ko_KR' }), 400, MESSAGES.ko_KR.nicknameMixedScripts);
    expect(await nicknameOf(user.id)).toBe('Ada');
  });

  it('refuses a name whose confusable skeleton is another user’s ("Atlas ОТС" all-Cyrillic in its second word), and takes honest names', async () => {
    await createTestUser(t.db, { tag: 'merchant', nickname: 'Atlas OTC' });
    const user = await createTestUser(t.db, { tag: 'names', nickname: 'Ada' });
    expect(skeleton('Atlas \u041e\u0422\u0421')).toBe(skeleton('Atlas OTC'));
    // A Cyrillic word; a capital I for the l (both Latin, one skeleton).
    for (const disguise of ['Atlas \u041e\u0422\u0421', 'AtIas OTC']) {
      expectRefusal(await post(t.app, '/api/user/nickname', { nickname: disguise }, user.headers), 400, EN.nicknameLookAlike);
    }
    expectRefusal(await post(t.app, '/api/user/nickname', { nickname: 'Atlas \u041e\u0422\u0421' }, { ...user.headers, lang: 'de_DE' }), 400, MESSAGES.de_DE.nicknameLookAlike);
    expect(await nicknameOf(user.id)).toBe('Ada');
    // Words in one script each, CJK names with Latin, and a name that is only like itself.
    for (const fine of ['Иван Smith', 'Босфор 🚀', 'アトラス OTC', 'ABC株式会社', '김철수 Kim', 'Ziraat Bankası', 'Atlas Trading']) {
      expect(expectOk(await post<{ nickname: string }>(t.app, '/api/user/nickname', { nickname: fine }, user.headers)).nickname).toBe(fine);
    }
  });
});
