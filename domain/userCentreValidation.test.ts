import { describe, expect, it } from 'vitest';
import { collectionMethodSchema, nicknameSchema, withdrawalAddressSchema } from './validation';

const firstError = async (schema: { validate: (v: unknown) => Promise<unknown> }, value: unknown) => schema.validate(value).then(() => undefined, (e: Error) => e.message);

describe('user centre schemas (spec §5, the same rules as server/domain/accounts/settingsRules.ts)', () => {
  const address = { currency: 'USDT', network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', note: 'abcd' };
  it('takes a withdrawal note of 4 to 20 characters only', async () => {
    expect(await firstError(withdrawalAddressSchema, { ...address, note: 'abc' })).toBe('addresses.noteLength');
    expect(await firstError(withdrawalAddressSchema, { ...address, note: 'x'.repeat(21) })).toBe('addresses.noteLength');
    expect(await firstError(withdrawalAddressSchema, { ...address, note: '  abcd  ' })).toBeUndefined();
    expect(await firstError(withdrawalAddressSchema, { ...address, address: ' ' })).toBe('addresses.addressRequired');
  });
  it('takes an address only in its network’s format (issue 34)', async () => {
    expect(await firstError(withdrawalAddressSchema, { ...address, address: '../../etc/passwd' })).toBe('addresses.addressInvalid');
    expect(await firstError(withdrawalAddressSchema, { ...address, address: '0x52908400098527886E0F7030069857D2E4169EE7' })).toBe('addresses.addressInvalid');
    expect(await firstError(withdrawalAddressSchema, { ...address, network: 'erc20', address: '0x52908400098527886E0F7030069857D2E4169EE7' })).toBeUndefined();
    expect(await firstError(withdrawalAddressSchema, { ...address, network: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' })).toBeUndefined();
  });
  it('refuses hidden and text-direction characters in a payee’s details, and a currency that is no fiat', async () => {
    const method = { real_name: 'Ada', card_number: '6222 0000 1111', bank_name: 'B' };
    for (const field of ['real_name', 'card_number', 'bank_name', 'branch'] as const) {
      expect(await firstError(collectionMethodSchema, { ...method, [field]: 'A\u202eB' })).toBe('addresses.hiddenCharacters');
    }
    expect(await firstError(collectionMethodSchema, { ...method, currency: 'SPOT' })).toBe('addresses.currencyUnknown');
    expect(await firstError(collectionMethodSchema, { ...method, currency: 'usd' })).toBeUndefined();
    expect(await firstError(nicknameSchema, { nickname: 'Atlas\u202eCTO' })).toBe('settings.nicknameHiddenCharacters');
    expect(await firstError(nicknameSchema, { nickname: 'アトラス 🚀' })).toBeUndefined();
  });
  it('requires real name, card number and bank name; branch is optional', async () => {
    const method = { real_name: 'Ada', card_number: '6222 0000 1111', bank_name: 'B' };
    expect(await firstError(collectionMethodSchema, method)).toBeUndefined();
    expect(await firstError(collectionMethodSchema, { ...method, bank_name: '' })).toBe('addresses.bankNameRequired');
  });
  it('requires a nickname of at most 24 characters', async () => {
    expect(await firstError(nicknameSchema, { nickname: '  ' })).toBe('settings.nicknameRequired');
    expect(await firstError(nicknameSchema, { nickname: 'x'.repeat(25) })).toBe('settings.nicknameTooLong');
  });
});
