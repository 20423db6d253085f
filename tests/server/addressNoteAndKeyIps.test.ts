import { isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { addressNoteProblem } from '../../domain/addressNote.js';
import { API_KEY_PATHS, isIpAddress, type ApiKeyItem } from '../../domain/apiKeys.js';
import { withdrawalAddressSchema } from '../../domain/validation.js';
import { MESSAGES } from '../../server/kernel/platform/i18n/messages.js';
import { canonicalIp } from '../../server/products/apikeys/ipAllowlist.js';
import { expectOk, expectRefusal } from './http.js';
import { ADDRESS, useTwoFactorWorld } from './support/twoFactorHarness.js';

/**
 * Issue 49 §6: what was still stored as garbage in the accounts' and API keys' rows — bidi
 * controls and HTML in an address book note, ":::" as an API key's allowed address. Each refusal is
 * a translated 400 that stores nothing; the note's rule is one pure function (domain/addressNote.ts)
 * that the browser's form applies too.
 */
const w = useTwoFactorWorld();
const { t } = w;
const EN = MESSAGES.en_US;
const count = async (table: string, userId: number) => Number((await t.db.query<{ n: number }>(`select count(*)::int as n from ${table} where user_id = $1`, [userId]))[0]!.n);

describe('address book notes', () => {
  const UNSAFE = ['cold\u202ewallet', 'Atlas\u202eCTO', 'co\u200bld', '\ufeffcold', 'cold\u2066x\u2069', '<b>cold</b>', '<script>', 'a<img src=x>', 'x > y'];

  it('refuse text-direction and hidden characters and markup, translated, storing nothing; a plain note is taken', async () => {
    const who = await w.trader();
    const add = (note: string, lang = 'en_US') => w.call(who, '/api/user/address_add', { currency: 'USDT', network: 'TRC20', address: ADDRESS, note }, { lang });
    for (const note of UNSAFE) expectRefusal(await add(note), 400, EN.noteUnsafe);
    expectRefusal(await add('<i>cold</i>', 'ja_JP'), 400, MESSAGES.ja_JP.noteUnsafe);
    // The length rule is still its own message.
    expectRefusal(await add('ab'), 400, EN.noteLength);
    expect(await count('withdrawal_address', who.id)).toBe(0);
    expect(expectOk(await add('cold wallet #2 & co')) as { id: number }).toMatchObject({ id: expect.any(Number), note: 'cold wallet #2 & co' });
    // The same address again, under any note: refused, translated, not saved beside the first (an audit saved one three times).
    expectRefusal(await add('another note'), 400, EN.addressAlreadySaved);
    expectRefusal(await add('noch eine', 'de_DE'), 400, MESSAGES.de_DE.addressAlreadySaved);
    expect(await count('withdrawal_address', who.id)).toBe(1);
  });

  it('is one rule for the form and the server', async () => {
    for (const note of UNSAFE) {
      expect(addressNoteProblem(note)).toBe('noteUnsafe');
      await expect(withdrawalAddressSchema.validateAt('note', { note })).rejects.toThrow('addresses.noteUnsafe');
    }
    expect(addressNoteProblem('cold wallet')).toBeUndefined();
    expect(addressNoteProblem('ab')).toBe('noteLength');
    await expect(withdrawalAddressSchema.validateAt('note', { note: 'cold wallet' })).resolves.toBe('cold wallet');
  });
});

describe("an API key's allowed addresses", () => {
  it('refuse what node:net does not take as an address (":::" first), storing nothing', async () => {
    const who = await w.trader();
    const create = (ips: string[], lang = 'en_US') => w.call(who, API_KEY_PATHS.create, { label: 'bot', permissions: ['read'], ip_allowlist: ips }, { lang });
    for (const ip of [':::', '1::2::3', '1.2.3.4/24', '01.2.3.4', '::ffff:999.1.1.1', 'fe80::1%eth0', '1:2:3:4:5:6:7:8:9', '12345::', ' 1.2.3.4', '1.2.3.4:80']) {
      expectRefusal(await create(['203.0.113.9', ip]), 400, EN.apiKeyIpInvalid);
    }
    expectRefusal(await create([':::'], 'de_DE'), 400, MESSAGES.de_DE.apiKeyIpInvalid);
    expect(await count('api_key', who.id)).toBe(0);
    // Good ones are kept in one spelling, so a request's address compares with them as written anywhere.
    expectOk(await create(['0:0:0:0:0:0:0:1', '::FFFF:203.0.113.7', '2001:DB8::1', '198.51.100.4']));
    const [key] = expectOk(await w.call<ApiKeyItem[]>(who, API_KEY_PATHS.list, {}));
    expect(key!.ip_allowlist).toEqual(['::1', '203.0.113.7', '2001:db8::1', '198.51.100.4']);
    expect(canonicalIp('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it("the form's rule agrees with node:net's isIP on generated addresses and near misses", () => {
    // A small seeded generator: groups of hex, "::" in random places, IPv4 tails, stray colons.
    let seed = 49;
    // mulberry32: a seeded generator, so a failure repeats.
    const random = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) % n;
    };
    const group = () => ['0', 'f', 'ff', 'abc', 'ABCD', '12345', '', '0000', 'g1'][random(9)]!;
    const v4 = () => [random(300), random(256), random(256), random(256)].join('.');
    let valid = 0;
    for (let i = 0; i < 20_000; i++) {
      let text = Array.from({ length: random(10) }, group).join(':');
      if (random(2)) {
        const at = random(text.length + 1);
        text = `${text.slice(0, at)}::${text.slice(at)}`;
      }
      if (random(4) === 0) text += `${text.endsWith(':') ? '' : ':'}${v4()}`;
      if (random(8) === 0) text = random(2) ? v4() : text.replace(':', ':::');
      const node = isIP(text) !== 0;
      if (node) valid++;
      expect([text, isIpAddress(text)]).toEqual([text, node]);
    }
    expect(valid).toBeGreaterThan(1000);
  });
});
