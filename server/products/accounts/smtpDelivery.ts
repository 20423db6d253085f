import nodemailer, { type Transporter } from 'nodemailer';
import { localeFromHeader } from '../../../src/domain/languages.js';
import { CODE_TTL_MINUTES } from '../../kernel/auth/accountRules.js';
import { CODE_EMAIL } from './codeEmail.js';
import type { CodeDelivery } from './delivery.js';

export interface SmtpOptions {
  /** An SMTP URL (smtp://user:pass@host:587, smtps://…) or a ready transporter (tests). */
  transport: string | Transporter;
  from: string;
  siteName: string;
}

/**
 * Verification codes by email through nodemailer, in the requester's language. Email cannot reach
 * a phone number, so phone targets go to `phones` (the outbox, until an SMS delivery implements
 * CodeDelivery too).
 */
export function smtpDelivery(options: SmtpOptions, phones: CodeDelivery): CodeDelivery {
  const transporter = typeof options.transport === 'string' ? nodemailer.createTransport(options.transport) : options.transport;
  return {
    async deliver(message) {
      if (!message.to.includes('@')) return phones.deliver(message);
      const template = CODE_EMAIL[localeFromHeader(message.lang)];
      const fill = (text: string) =>
        text.replaceAll('{site}', options.siteName).replaceAll('{code}', message.code).replaceAll('{minutes}', String(CODE_TTL_MINUTES));
      await transporter.sendMail({ from: options.from, to: message.to, subject: fill(template.subject), text: fill(template.body) });
    },
  };
}
