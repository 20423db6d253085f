import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../../domain/api.js';
import { listNotifications, markAllRead, markRead, unreadCount } from '../../kernel/platform/notifications/notify.js';
import './messages.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { ApiFailure, ok } from '../../kernel/platform/http/envelope.js';
import { anyBody, paging, rowId, strictObject } from '../../kernel/platform/http/schemas.js';

export const INFORM_PAGE_SIZE = 20;

/** Notifications of the signed-in user (spec §2 /inform). Every call is scoped to the token's user. */
export function informRoutes(db: Database) {
  const userId = (request: FastifyRequest) => request.user.id;

  return async (app: FastifyInstance) => {
    app.post<{ Body: { page?: number; size?: number } | null }>(
      '/api/inform/list',
      {
        config: { auth: 'user' },
        schema: {
          body: { anyOf: [strictObject([], paging()), { type: 'null' }] },
        },
      },
      async (request) => {
        const id = userId(request);
        return ok(request.lang, await listNotifications(db, id, request.lang, request.body?.page ?? 1, request.body?.size ?? INFORM_PAGE_SIZE));
      },
    );

    app.post('/api/inform/unread', { config: { auth: 'user' }, schema: { body: anyBody } }, async (request) => {
      return ok(request.lang, { unread: await unreadCount(db, userId(request)) });
    });

    app.post<{ Body: { id: number } }>(
      '/api/inform/read',
      { config: { auth: 'user' }, schema: { body: strictObject(['id'], { id: rowId }) } },
      async (request) => {
        const id = userId(request);
        // Someone else's notification looks exactly like a missing one.
        if (!(await markRead(db, id, request.body.id))) throw new ApiFailure(ResultCode.notFound, 'notificationNotFound');
        return ok(request.lang, { unread: await unreadCount(db, id) });
      },
    );

    app.post('/api/inform/read_all', { config: { auth: 'user' }, schema: { body: anyBody } }, async (request) => {
      const id = userId(request);
      await markAllRead(db, id);
      return ok(request.lang, { unread: await unreadCount(db, id) });
    });
  };
}
