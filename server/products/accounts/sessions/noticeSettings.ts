import type { FastifyInstance } from 'fastify';
import { NOTICE_SETTINGS_PATHS, type NoticeSettings } from '../../../../domain/informHelp.js';
import type { Database } from '../../../kernel/platform/db/database.js';
import { ok, okWith } from '../../../kernel/platform/http/envelope.js';
import { anyBody, strictObject } from '../../../kernel/platform/http/schemas.js';
import './messages.js';

/**
 * The user's notice settings (docs/API.md "Notice emails"): whether the trading notices
 * (domain/informHelp.ts EMAILED_TRADING_KINDS) are emailed as well as put in the bell. Security
 * notices are always emailed, so they have no switch. The user's own row only.
 */
export function noticeSettingsRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const auth = { auth: 'user' } as const;
    const read = async (userId: number): Promise<NoticeSettings> => {
      const [row] = await db.query<{ trading_emails: boolean }>('select trading_emails from app_user where id = $1', [userId]);
      return { trading_emails: row?.trading_emails ?? true };
    };

    app.post(NOTICE_SETTINGS_PATHS.get, { config: auth, schema: { body: anyBody } }, async (request) => ok(request.lang, await read(request.user.id)));

    app.post<{ Body: NoticeSettings }>(
      NOTICE_SETTINGS_PATHS.set,
      { config: auth, schema: { body: strictObject(['trading_emails'], { trading_emails: { type: 'boolean' } }) } },
      async (request) => {
        // The page's language too: the emails this switch lets through are written in it (as a sign-in's).
        await db.query('update app_user set trading_emails = $2, lang = $3 where id = $1', [request.user.id, request.body.trading_emails, request.lang]);
        return okWith(request.lang, 'noticeSettingsSaved', await read(request.user.id));
      },
    );
  };
}
