import { describe, expect, it } from 'vitest';
import { collectionMethodSchema, nicknameSchema, withdrawalAddressSchema } from './validation';

const firstError = async (schema: { validate: (v: unknown) => Promise<unknown> }, value: unknown) => schema.validate(value).then(() => undefined, (e: Error) => e.message);

describe('user centre schemas (spec §5, the same rules as server/domain/accounts/settingsRules.ts)', () => {
  const address = { currency: 'USDT', network: 'TRC20', address: 'TXYZ', note: 'abcd' };
  it('takes a withdrawal note of 4 to 20 characters only', async () => {
    expect(await firstError(withdrawalAddressSchema, { ...address, note: 'abc' })).toBe('addresses.noteLength');
    expect(await firstError(withdrawalAddressSchema, { ...address, note: 'x'.repeat(21) })).toBe('addresses.noteLength');
    expect(await firstError(withdrawalAddressSchema, { ...address, note: '  abcd  ' })).toBeUndefined();
    expect(await firstError(withdrawalAddressSchema, { ...address, address: ' ' })).toBe('addresses.addressRequired');
  });
  it('requires real name, card number and bank name; branch is optional', async () => {
    const method = { real_name: 'Ada', card_number: '1', bank_name: 'B' };
    expect(await firstError(collectionMethodSchema, method)).toBeUndefined();
    expect(await firstError(collectionMethodSchema, { ...method, bank_name: '' })).toBe('addresses.bankNameRequired');
  });
  it('requires a nickname of at most 24 characters', async () => {
    expect(await firstError(nicknameSchema, { nickname: '  ' })).toBe('settings.nicknameRequired');
    expect(await firstError(nicknameSchema, { nickname: 'x'.repeat(25) })).toBe('settings.nicknameTooLong');
  });
});
