import { recordingTransport } from './support/mail.js';
import { describe, expect, it } from 'vitest';
import type { CodeMessage } from '../../server/products/accounts/delivery.js';
import { smtpDelivery } from '../../server/products/accounts/smtpDelivery.js';

describe('verification codes by SMTP', () => {
  it('mails the code in the requester language and hands phone numbers to the outbox', async () => {
    const sent: Array<{ to: string; subject: string; text: string }> = [];
    const transport = recordingTransport(sent);
    const toOutbox: CodeMessage[] = [];
    const delivery = smtpDelivery({ transport, from: 'OpenEx <no-reply@example.org>', siteName: 'OpenEx' }, { deliver: async (m) => void toOutbox.push(m) });
    await delivery.deliver({ to: 'ada@example.org', purpose: 'register', code: '123456', lang: 'ja_JP', time: '' });
    await delivery.deliver({ to: '+86-13800138000', purpose: 'register', code: '654321', lang: 'en_US', time: '' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('OpenEx 認証コード：123456');
    expect(sent[0]!.text).toContain('有効期限は 10 分です');
    expect(toOutbox.map((m) => m.to)).toEqual(['+86-13800138000']);
  });
});
