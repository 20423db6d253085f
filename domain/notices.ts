/**
 * Announcements (the notice list and detail pages) and the five platform notes, written by
 * operators in the console in every display language (issue 51 §5; docs/API.md "Announcements and
 * platform notes"). A language without a text is read in the default language, marked as such.
 */
import type { NoteType } from './api';
import type { TextsByLanguage } from './localisedText';

export const NOTICE_PATHS = {
  /** Public: the published notices, newest first, paged. */
  list: '/api/notice/list',
  /** Public: one published notice. */
  detail: '/api/notice/detail',
  /** Operator (notices.read): every notice with every language's texts. */
  operatorList: '/api/operator/notices',
  /** Operator (notices.write): creates (no id) or edits a notice's texts. */
  operatorSave: '/api/operator/notice_save',
  operatorPublish: '/api/operator/notice_publish',
  operatorUnpublish: '/api/operator/notice_unpublish',
  /** Operator (notices.read): the five platform notes with every language's texts. */
  operatorNotes: '/api/operator/plat_notes',
  /** Operator (notices.write): edits one platform note's texts. */
  operatorNoteSave: '/api/operator/plat_note_save',
} as const;

/**
 * The public realtime channel a publish or unpublish is pushed on (`{ notice: NoticePush }`), so
 * an open notice list reads itself again without a reload.
 */
export const NOTICE_CHANNEL = 'site_notices';

/** Longest title and body (characters) in one language. */
export const NOTICE_TITLE_MAX = 120;
export const NOTICE_BODY_MAX = 20_000;
/** The public list's largest page. */
export const NOTICE_PAGE_MAX = 50;

/** The five platform notes (spec §7 plat_note types). */
export const PLAT_NOTE_TYPES: readonly NoteType[] = [1, 2, 3, 4, 5];

/** One published notice in the public list: in the reader's language, or the default's (`fallback`). */
export interface NoticeSummary {
  id: number;
  title: string;
  /** True when the reader's language has no text and the default language's is shown. */
  fallback: boolean;
  published_at: number;
}

export interface NoticeList {
  list: NoticeSummary[];
  total: number;
}

/** One published notice (POST /api/notice/detail), shaped like a platform note's `detail`. */
export interface NoticeDetail {
  detail: NoticeSummary & { content: string };
}

/** A notice as the console edits it: every language's title and body. */
export interface OperatorNotice {
  id: number;
  titles: TextsByLanguage;
  bodies: TextsByLanguage;
  published: boolean;
  published_at: number | null;
  updated_at: number;
}

/** A create (no id) or an edit: only the languages named change; a blank text removes that language. */
export interface NoticeInput {
  id?: number;
  titles?: TextsByLanguage;
  bodies?: TextsByLanguage;
}

/** A platform note as the console edits it. */
export interface OperatorPlatNote {
  type: NoteType;
  titles: TextsByLanguage;
  contents: TextsByLanguage;
}

export interface PlatNoteInput {
  type: NoteType;
  titles?: TextsByLanguage;
  contents?: TextsByLanguage;
}

/** What the notice channel pushes after a publish or an unpublish. */
export interface NoticePush {
  id: number;
  published: boolean;
  at: number;
}
