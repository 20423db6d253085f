import type { NoteType } from '../../../../domain/api.js';
import { DEFAULT_LANGUAGE, LOCALE_CODES, type LocaleCode } from '../../../../domain/languages.js';
import { mergeTexts, textIn, type TextsByLanguage } from '../../../../domain/localisedText.js';
import {
  NOTICE_BODY_MAX,
  NOTICE_TITLE_MAX,
  PLAT_NOTE_TYPES,
  type NoticeDetail,
  type NoticeInput,
  type NoticeList,
  type NoticePush,
  type OperatorNotice,
  type OperatorPlatNote,
  type PlatNoteInput,
} from '../../../../domain/notices.js';
import { changedFields, writeOperatorAudit } from '../../../kernel/platform/auth/operators/auditLog.js';
import { auditRefusal } from '../../../kernel/platform/auth/operators/operatorAction.js';
import type { OperatorActor } from '../../../kernel/platform/auth/operators/access.js';
import type { Database, Queryable } from '../../../kernel/platform/db/database.js';
import { refuse, type Outcome } from '../../../kernel/platform/outcome.js';

/**
 * Announcements and the platform notes as operators write them (issue 51 §5): each action and its
 * one audit row in one transaction, the row last (auditLog.ts). A refusal of the input changes
 * nothing and writes nothing; publishing what is already published (or the reverse) is a refusal
 * of the notice's state, audited as 'refused'.
 */

interface NoticeRow {
  id: string | number;
  titles: TextsByLanguage | string;
  bodies: TextsByLanguage | string;
  published: boolean;
  published_ms: string | number | null;
  updated_ms: string | number;
}

const COLUMNS = 'id, titles, bodies, published, published_ms, updated_ms';
const texts = (value: TextsByLanguage | string): TextsByLanguage => (typeof value === 'string' ? (JSON.parse(value) as TextsByLanguage) : value);

function noticeOf(r: NoticeRow): OperatorNotice {
  return {
    id: Number(r.id),
    titles: texts(r.titles),
    bodies: texts(r.bodies),
    published: r.published,
    published_at: r.published_ms === null ? null : Number(r.published_ms),
    updated_at: Number(r.updated_ms),
  };
}

/**
 * What is wrong with a language set: the default language's pair is required (every other falls
 * back to it), a title and its text go together, each within its length.
 */
function textsProblem(titles: TextsByLanguage, bodies: TextsByLanguage): Outcome<never> | undefined {
  if (!titles[DEFAULT_LANGUAGE.lang] || !bodies[DEFAULT_LANGUAGE.lang]) return refuse('noticeDefaultRequired');
  for (const lang of LOCALE_CODES) {
    if (Boolean(titles[lang]) !== Boolean(bodies[lang])) return refuse('noticeLanguageIncomplete', { lang });
    if ((titles[lang] ?? '').length > NOTICE_TITLE_MAX) return refuse('noticeTitleTooLong', { lang, max: String(NOTICE_TITLE_MAX) });
    if ((bodies[lang] ?? '').length > NOTICE_BODY_MAX) return refuse('noticeBodyTooLong', { lang, max: String(NOTICE_BODY_MAX) });
  }
  return undefined;
}

/** The published notices in `lang`, newest first; a notice without `lang` is shown in the default language, marked. */
export async function publicNotices(db: Queryable, lang: LocaleCode, page: number, size: number): Promise<NoticeList> {
  const rows = await db.query<NoticeRow & { total: string | number }>(
    `select ${COLUMNS}, count(*) over () as total from notice where published order by published_ms desc, id desc limit $1 offset $2`,
    [size, (page - 1) * size],
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    // A page past the end still tells how many there are.
    const [all] = await db.query<{ total: string | number }>(`select count(*) as total from notice where published`);
    total = Number(all?.total ?? 0);
  }
  return {
    list: rows.map(noticeOf).map((n) => {
      const title = textIn(n.titles, lang);
      return { id: n.id, title: title.text, fallback: title.fallback, published_at: n.published_at! };
    }),
    total,
  };
}

/** One published notice in `lang` (or the default's, marked); undefined when unknown or not published. */
export async function publicNotice(db: Queryable, lang: LocaleCode, id: number): Promise<NoticeDetail | undefined> {
  const [row] = await db.query<NoticeRow>(`select ${COLUMNS} from notice where id = $1 and published`, [id]);
  if (!row) return undefined;
  const n = noticeOf(row);
  // A title and its text always come together (textsProblem), so the title says which language both are in.
  const title = textIn(n.titles, lang);
  return { detail: { id: n.id, title: title.text, content: n.bodies[title.lang] ?? '', fallback: title.fallback, published_at: n.published_at! } };
}

export async function operatorNotices(db: Queryable): Promise<OperatorNotice[]> {
  return (await db.query<NoticeRow>(`select ${COLUMNS} from notice order by id desc`)).map(noticeOf);
}

/** Creates (no id) or edits a notice's texts; a published notice stays published with its new texts. */
export async function saveNotice(db: Database, input: NoticeInput, operator: OperatorActor, now: number): Promise<Outcome<OperatorNotice>> {
  // A refused save is a refused row of the log, as every refused operator action is.
  const action = { operator, kind: input.id === undefined ? ('notice.create' as const) : ('notice.edit' as const), object: { type: 'notice', id: input.id ?? 'new' } };
  return auditRefusal(db, action, await db.transaction(async (tx): Promise<Outcome<OperatorNotice>> => {
    let current: OperatorNotice | undefined;
    if (input.id !== undefined) {
      const [row] = await tx.query<NoticeRow>(`select ${COLUMNS} from notice where id = $1 for update`, [input.id]);
      if (!row) return refuse('noticeUnknown');
      current = noticeOf(row);
    }
    const titles = mergeTexts(current?.titles ?? {}, input.titles ?? {});
    const bodies = mergeTexts(current?.bodies ?? {}, input.bodies ?? {});
    const problem = textsProblem(titles, bodies);
    if (problem) return problem;
    if (current) {
      const [row] = await tx.query<NoticeRow>(`update notice set titles = $2::jsonb, bodies = $3::jsonb, updated_ms = $4 where id = $1 returning ${COLUMNS}`, [
        current.id,
        JSON.stringify(titles),
        JSON.stringify(bodies),
        now,
      ]);
      const saved = noticeOf(row!);
      const { before, after } = changedFields({ titles: current.titles, bodies: current.bodies }, { titles: saved.titles, bodies: saved.bodies });
      await writeOperatorAudit(tx, { operator, kind: 'notice.edit', object: { type: 'notice', id: saved.id }, before, after });
      return { ok: true, data: saved };
    }
    const [row] = await tx.query<NoticeRow>(`insert into notice (titles, bodies, created_ms, updated_ms) values ($1::jsonb, $2::jsonb, $3, $3) returning ${COLUMNS}`, [
      JSON.stringify(titles),
      JSON.stringify(bodies),
      now,
    ]);
    const created = noticeOf(row!);
    await writeOperatorAudit(tx, { operator, kind: 'notice.create', object: { type: 'notice', id: created.id }, after: { titles, bodies } });
    return { ok: true, data: created };
  }));
}

/**
 * Publishes or unpublishes a notice. Asking for the state it is already in, or naming no notice,
 * changes nothing and is audited as refused; `pushed` is what the notice channel carries once the
 * transaction committed.
 */
export async function setPublished(
  db: Database,
  id: number,
  published: boolean,
  operator: OperatorActor,
  now: number,
): Promise<Outcome<{ notice: OperatorNotice; push: NoticePush }>> {
  const kind = published ? 'notice.publish' : 'notice.unpublish';
  const object = { type: 'notice', id };
  return auditRefusal(db, { operator, kind, object }, await db.transaction(async (tx): Promise<Outcome<{ notice: OperatorNotice; push: NoticePush }>> => {
    const [row] = await tx.query<NoticeRow>(`select ${COLUMNS} from notice where id = $1 for update`, [id]);
    if (!row) return refuse('noticeUnknown');
    const current = noticeOf(row);
    if (current.published === published) return refuse(published ? 'noticeAlreadyPublished' : 'noticeNotPublished');
    const [updated] = await tx.query<NoticeRow>(
      `update notice set published = $2, published_ms = case when $2 then $3::bigint else published_ms end, updated_ms = $3 where id = $1 returning ${COLUMNS}`,
      [id, published, now],
    );
    const notice = noticeOf(updated!);
    await writeOperatorAudit(tx, { operator, kind, object, before: { published: current.published }, after: { published, published_at: notice.published_at } });
    return { ok: true, data: { notice, push: { id, published, at: now } } };
  }));
}

/** The five platform notes with every language's texts (plat_note, one row per type and language). */
export async function operatorPlatNotes(db: Queryable): Promise<OperatorPlatNote[]> {
  const rows = await db.query<{ type: number; lang: string; title: string; content: string }>(`select type, lang, title, content from plat_note order by type`);
  return PLAT_NOTE_TYPES.map((type) => {
    const titles: TextsByLanguage = {};
    const contents: TextsByLanguage = {};
    for (const r of rows) {
      if (Number(r.type) !== type || !(LOCALE_CODES as readonly string[]).includes(r.lang)) continue;
      titles[r.lang as LocaleCode] = r.title;
      contents[r.lang as LocaleCode] = r.content;
    }
    return { type, titles: mergeTexts({}, titles), contents: mergeTexts({}, contents) };
  });
}

/** Edits one platform note: the languages named are written (a blank one deleted: its readers get the default's). */
export async function savePlatNote(db: Database, input: PlatNoteInput, operator: OperatorActor): Promise<Outcome<OperatorPlatNote>> {
  const action = { operator, kind: 'plat_note.save' as const, object: { type: 'plat_note', id: input.type } };
  return auditRefusal(db, action, await db.transaction(async (tx): Promise<Outcome<OperatorPlatNote>> => {
    // The note's rows, locked, so two saves of one note apply one after the other.
    await tx.query(`select 1 from plat_note where type = $1 for update`, [input.type]);
    const current = (await operatorPlatNotes(tx)).find((n) => n.type === input.type)!;
    const titles = mergeTexts(current.titles, input.titles ?? {});
    const contents = mergeTexts(current.contents, input.contents ?? {});
    const problem = textsProblem(titles, contents);
    if (problem) return problem;
    for (const lang of LOCALE_CODES) {
      if (titles[lang]) {
        await tx.query(
          `insert into plat_note (type, lang, title, content) values ($1, $2, $3, $4)
           on conflict (type, lang) do update set title = excluded.title, content = excluded.content`,
          [input.type, lang, titles[lang], contents[lang]],
        );
      } else {
        await tx.query(`delete from plat_note where type = $1 and lang = $2`, [input.type, lang]);
      }
    }
    const saved: OperatorPlatNote = { type: input.type as NoteType, titles, contents };
    const { before, after } = changedFields({ titles: current.titles, contents: current.contents }, { titles, contents });
    await writeOperatorAudit(tx, { operator, kind: 'plat_note.save', object: { type: 'plat_note', id: input.type }, before, after });
    return { ok: true, data: saved };
  }));
}
