import nodemailer, { type Transporter } from 'nodemailer';
import { renderEmail } from './sessions/emails.js';
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
      const { subject, text, html } = renderEmail(message, options.siteName);
      await transporter.sendMail({ from: options.from, to: message.to, subject, text, html });
    },
  };
}
