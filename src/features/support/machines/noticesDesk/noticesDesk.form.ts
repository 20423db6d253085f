import type { NoteType } from '../../../../../domain/api';
import { DEFAULT_LANGUAGE, LOCALE_CODES, type LocaleCode } from '../../../../../domain/languages';
import { NOTICE_BODY_MAX, NOTICE_TITLE_MAX, type NoticeInput, type OperatorNotice, type OperatorPlatNote, type PlatNoteInput } from '../../../../../domain/notices';
import { textIn, type TextsByLanguage } from '../../../../../domain/localisedText';

/**
 * The notices desk's editor as typed: a notice (new, or one by id) or a platform note, every
 * language's title and text ('' for none: its readers get English, marked), the language tab
 * shown and whether the preview is open. The same rules as the server (notices.ts), checked
 * before sending so the operator sees the problem under the tab at once.
 */
export type EditorTarget = { kind: 'notice'; id: number | undefined } | { kind: 'note'; type: NoteType };

export interface NoticeEditor {
  target: EditorTarget;
  titles: Record<LocaleCode, string>;
  bodies: Record<LocaleCode, string>;
  lang: LocaleCode;
  preview: boolean;
}

export type EditorProblem =
  | { key: 'noticesDesk.defaultRequired'; lang: LocaleCode }
  | { key: 'noticesDesk.incomplete'; lang: LocaleCode }
  | { key: 'noticesDesk.titleTooLong'; lang: LocaleCode }
  | { key: 'noticesDesk.bodyTooLong'; lang: LocaleCode };

const allLanguages = (texts: TextsByLanguage = {}): Record<LocaleCode, string> => Object.fromEntries(LOCALE_CODES.map((lang) => [lang, texts[lang] ?? ''])) as Record<LocaleCode, string>;

export const blankEditor = (): NoticeEditor => ({ target: { kind: 'notice', id: undefined }, titles: allLanguages(), bodies: allLanguages(), lang: DEFAULT_LANGUAGE.lang, preview: false });

export const noticeEditor = (n: OperatorNotice): NoticeEditor => ({ target: { kind: 'notice', id: n.id }, titles: allLanguages(n.titles), bodies: allLanguages(n.bodies), lang: DEFAULT_LANGUAGE.lang, preview: false });

export const noteEditor = (n: OperatorPlatNote): NoticeEditor => ({ target: { kind: 'note', type: n.type }, titles: allLanguages(n.titles), bodies: allLanguages(n.contents), lang: DEFAULT_LANGUAGE.lang, preview: false });

export function editorProblem(e: NoticeEditor): EditorProblem | undefined {
  const def = DEFAULT_LANGUAGE.lang;
  if (!e.titles[def].trim() || !e.bodies[def].trim()) return { key: 'noticesDesk.defaultRequired', lang: def };
  for (const lang of LOCALE_CODES) {
    if (Boolean(e.titles[lang].trim()) !== Boolean(e.bodies[lang].trim())) return { key: 'noticesDesk.incomplete', lang };
    if (e.titles[lang].trim().length > NOTICE_TITLE_MAX) return { key: 'noticesDesk.titleTooLong', lang };
    if (e.bodies[lang].trim().length > NOTICE_BODY_MAX) return { key: 'noticesDesk.bodyTooLong', lang };
  }
  return undefined;
}

/** What the reader of the shown tab's language would see: its own text, or English marked. */
export function previewOf(e: NoticeEditor): { title: string; body: string; fallback: boolean } {
  const titles = Object.fromEntries(LOCALE_CODES.map((l) => [l, e.titles[l].trim()])) as TextsByLanguage;
  const title = textIn(titles, e.lang);
  return { title: title.text, body: e.bodies[title.lang].trim(), fallback: title.fallback };
}

/** Every language is sent, a blank one too: on an edit that removes its text (the server merges). */
export type EditorRequest = { kind: 'notice'; input: NoticeInput } | { kind: 'note'; input: PlatNoteInput };

export function requestOf(e: NoticeEditor): EditorRequest {
  const titles = Object.fromEntries(LOCALE_CODES.map((l) => [l, e.titles[l].trim()]));
  const bodies = Object.fromEntries(LOCALE_CODES.map((l) => [l, e.bodies[l].trim()]));
  if (e.target.kind === 'note') return { kind: 'note', input: { type: e.target.type, titles, contents: bodies } };
  return { kind: 'notice', input: { ...(e.target.id === undefined ? {} : { id: e.target.id }), titles, bodies } };
}
