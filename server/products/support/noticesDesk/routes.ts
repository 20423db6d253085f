import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../../../domain/api.js';
import { LOCALE_CODES } from '../../../../domain/languages.js';
import { NOTICE_BODY_MAX, NOTICE_CHANNEL, NOTICE_PAGE_MAX, NOTICE_PATHS, NOTICE_TITLE_MAX, PLAT_NOTE_TYPES, type NoticeInput, type PlatNoteInput } from '../../../../domain/notices.js';
import type { Database } from '../../../kernel/platform/db/database.js';
import { ApiFailure, ok } from '../../../kernel/platform/http/envelope.js';
import { anyBody, paging, rowId, strictObject, text } from '../../../kernel/platform/http/schemas.js';
import { translate, type MessageKey } from '../../../kernel/platform/i18n/messages.js';
import { unwrap, type Outcome } from '../../../kernel/platform/outcome.js';
import '../messages.js';
import { operatorNotices, operatorPlatNotes, publicNotice, publicNotices, saveNotice, savePlatNote, setPublished } from './notices.js';

/**
 * Texts by language: known language codes only ('Unknown field: titles.xx'), each bounded. The
 * bound is twice the use case's, which answers its own message for a text a little too long;
 * the schema only keeps junk out.
 */
const byLanguage = (max: number) => strictObject([], Object.fromEntries(LOCALE_CODES.map((lang) => [lang, text(max * 2)])));

const saveBody = strictObject([], { id: rowId, titles: byLanguage(NOTICE_TITLE_MAX), bodies: byLanguage(NOTICE_BODY_MAX) });
const idBody = strictObject(['id'], { id: rowId });
const noteBody = strictObject(['type'], {
  type: { type: 'integer', enum: [...PLAT_NOTE_TYPES] },
  titles: byLanguage(NOTICE_TITLE_MAX),
  contents: byLanguage(NOTICE_BODY_MAX),
});
const listBody = { anyOf: [strictObject([], paging(NOTICE_PAGE_MAX)), { type: 'null' }] };

export interface NoticesDeskOptions {
  /** Pushes to a public realtime channel's subscribers (the kernel's `publish`). */
  publish: (channel: string, payload: object) => void;
  /** The clock (tests move it). */
  now?: () => number;
}

/**
 * The public notice list and detail (spec notices, in the reader's language with the default's
 * standing in, marked), and the console's notices desk (issue 51 §5; permissions in
 * server/products/operator/permissions.ts). A publish or unpublish is pushed on NOTICE_CHANNEL
 * after its commit, so open notice lists read themselves again.
 */
export function noticesDeskRoutes(db: Database, options: NoticesDeskOptions) {
  const now = options.now ?? Date.now;
  const operator = { auth: 'operator' } as const;
  const done = (request: FastifyRequest, key: MessageKey, data: unknown) => ({ code: ResultCode.ok, msg: translate(request.lang, key), data });
  // An unknown notice is a 404, as on the public detail; every other refusal a 400.
  const answer = <T>(outcome: Outcome<T>): T => unwrap(outcome, !outcome.ok && outcome.key === 'noticeUnknown' ? ResultCode.notFound : ResultCode.badRequest);

  return async (app: FastifyInstance) => {
    app.post<{ Body: { page?: number; size?: number } | null }>(NOTICE_PATHS.list, { schema: { body: listBody } }, async (request) =>
      ok(request.lang, await publicNotices(db, request.lang, request.body?.page ?? 1, request.body?.size ?? 20)),
    );

    app.post<{ Body: { id: number } }>(NOTICE_PATHS.detail, { schema: { body: idBody } }, async (request) => {
      const notice = await publicNotice(db, request.lang, request.body.id);
      if (!notice) throw new ApiFailure(ResultCode.notFound, 'noticeUnknown');
      return ok(request.lang, notice);
    });

    app.post(NOTICE_PATHS.operatorList, { config: operator, schema: { body: anyBody } }, async (request) => ok(request.lang, await operatorNotices(db)));

    app.post<{ Body: NoticeInput }>(NOTICE_PATHS.operatorSave, { config: operator, schema: { body: saveBody } }, async (request) => {
      const notice = answer(await saveNotice(db, request.body, request.operator, now()));
      // A published notice's new texts reach open pages as its publish did.
      if (notice.published) options.publish(NOTICE_CHANNEL, { notice: { id: notice.id, published: true, at: notice.updated_at } });
      return done(request, 'noticeSaved', notice);
    });

    for (const [path, published] of [
      [NOTICE_PATHS.operatorPublish, true],
      [NOTICE_PATHS.operatorUnpublish, false],
    ] as const) {
      app.post<{ Body: { id: number } }>(path, { config: operator, schema: { body: idBody } }, async (request) => {
        const { notice, push } = answer(await setPublished(db, request.body.id, published, request.operator, now()));
        // After the commit: a page that reads the list on this push sees the change.
        options.publish(NOTICE_CHANNEL, { notice: push });
        return done(request, published ? 'noticePublished' : 'noticeUnpublished', notice);
      });
    }

    app.post(NOTICE_PATHS.operatorNotes, { config: operator, schema: { body: anyBody } }, async (request) => ok(request.lang, await operatorPlatNotes(db)));

    app.post<{ Body: PlatNoteInput }>(NOTICE_PATHS.operatorNoteSave, { config: operator, schema: { body: noteBody } }, async (request) =>
      done(request, 'platNoteSaved', answer(await savePlatNote(db, request.body, request.operator))),
    );
  };
}
