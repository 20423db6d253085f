import { localeFromHeader, type LocaleCode } from '../../../../domain/languages.js';
import { CODE_TTL_MINUTES } from '../../../kernel/platform/auth/accountRules.js';
import { translate } from '../../../kernel/platform/i18n/messages.js';
import { NOTIFICATION_KINDS, renderNotification, type NotificationKind } from '../../../kernel/platform/notifications/render.js';
import { CODE_EMAIL, SECURITY_NOTICE, type CodeMessage } from '../codeEmail.js';
import { REGISTER_ATTEMPT } from '../safety/registerAttempt.js';
import './messages.js';

const isNotificationKind = (kind: string | undefined): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind ?? '');

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/** The subject and body of a message before the anti-phishing frame, in `lang`. */
function content(message: CodeMessage, lang: LocaleCode, site: string): { subject: string; body: string } {
  const vars: Record<string, string> = { site, code: message.code, minutes: String(CODE_TTL_MINUTES), ...(message.params ?? {}) };
  const fill = (template: string) => template.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
  if (message.purpose === REGISTER_ATTEMPT) {
    // translate() fills the placeholders itself (an unknown one becomes ''), so the values go in here.
    return { subject: translate(lang, 'registerAttemptEmailSubject', vars), body: translate(lang, 'registerAttemptEmailBody', vars) };
  }
  if (message.purpose === 'login_new_device') {
    return { subject: translate(lang, 'newDeviceEmailSubject', vars), body: translate(lang, 'newDeviceEmailBody', vars) };
  }
  // A security change (issue 49 §4): the in-app notice's own title and text, so both say the same.
  const kind = message.params?.kind;
  if (message.purpose === SECURITY_NOTICE && isNotificationKind(kind)) {
    const notice = renderNotification(lang, kind, message.params ?? {});
    return { subject: `${site}: ${notice.title}`, body: notice.body };
  }
  if (message.purpose === 'unlock_2fa') {
    return { subject: translate(lang, 'unlockEmailSubject', vars), body: translate(lang, 'unlockEmailBody', vars) };
  }
  const template = CODE_EMAIL[lang];
  return { subject: fill(template.subject), body: fill(template.body) };
}

/**
 * Every email the exchange sends, in one shape (issue 35): when the addressee has set an
 * anti-phishing code, it is the first line of the text body and the header of the HTML body, so a
 * message without it, or with another, is not ours. The outbox and SMTP both render through here.
 */
export function renderEmail(message: CodeMessage, site: string): RenderedEmail {
  const lang = localeFromHeader(message.lang);
  const { subject, body } = content(message, lang, site);
  const phrase = message.anti_phishing ?? '';
  const line = phrase ? translate(lang, 'antiPhishingEmailLine', { code: phrase }) : '';
  const text = line ? `${line}\n\n${body}` : body;
  const header = line
    ? `<div data-anti-phishing style="padding:12px 16px;background:#0b1e33;color:#f0b90b;font:600 15px/1.4 sans-serif;border-radius:6px 6px 0 0">${escapeHtml(line)}</div>`
    : '';
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
    .join('');
  const html =
    `<!doctype html><html lang="${lang.slice(0, 2)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:16px;background:#f5f6f8"><div style="max-width:560px;margin:0 auto;background:#fff;border-radius:6px">` +
    `${header}<div style="padding:16px;font:14px/1.5 sans-serif;color:#1e2329">${paragraphs}</div></div></body></html>`;
  return { subject, text, html };
}
