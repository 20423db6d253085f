import { describe, expect, it } from 'vitest';
import { userMenu } from './navigation';

const links = (account: string | undefined) => userMenu(account).flatMap((g) => g.links.map((l) => l.to));

describe('user menu (spec §2)', () => {
  it('offers email change to accounts with an at-sign', () => {
    expect(links('ada@example.com')).toContain('/user/s-emailset');
    expect(links('ada@example.com')).not.toContain('/user/s-phoneset');
  });
  it('offers phone change otherwise', () => {
    expect(links('13800138000')).toContain('/user/s-phoneset');
    expect(links('13800138000')).not.toContain('/user/s-emailset');
  });
});
