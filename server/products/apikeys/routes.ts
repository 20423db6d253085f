import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../domain/api.js';
import { API_KEY_LABEL_MAX, API_KEY_PATHS, API_KEY_PERMISSIONS, apiKeyProblem, IP_ALLOWLIST_MAX, type ApiKeyCreate } from '../../../domain/apiKeys.js';
import { hasHiddenCharacters } from '../../../domain/displayText.js';
import { announceSecurityNotice } from '../../kernel/platform/auth/securityNotices.js';
import { requireSecondFactorForApiKey } from '../../kernel/platform/auth/twoFactor.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { ApiFailure, ok, okWith } from '../../kernel/platform/http/envelope.js';
import { anyBody, strictObject as object, text } from '../../kernel/platform/http/schemas.js';
import { outcomeOf, unwrap } from '../../kernel/platform/outcome.js';
import { isAllowlistAddress } from './ipAllowlist.js';
import type { KeyStore } from './keyStore.js';

const apiKey = { type: 'string', pattern: '^[A-Za-z0-9]{64}$' } as const;
const createBody = object(['label', 'permissions', 'ip_allowlist'], {
  label: text(API_KEY_LABEL_MAX * 2),
  permissions: { type: 'array', maxItems: API_KEY_PERMISSIONS.length, items: { type: 'string', enum: [...API_KEY_PERMISSIONS] } },
  ip_allowlist: { type: 'array', maxItems: IP_ALLOWLIST_MAX, items: text(45) },
  totp_code: text(32),
});

/**
 * The user centre's API keys (docs/API.md "API keys"): create (the secret answered once), list,
 * delete. Signed-in users only; each call sees only the token's own keys.
 */
export function apiKeyRoutes(db: Database, keys: KeyStore, now: () => number = Date.now) {
  const auth = { auth: 'user' } as const;
  return async (app: FastifyInstance) => {
    app.post<{ Body: ApiKeyCreate }>(API_KEY_PATHS.create, { config: auth, schema: { body: createBody } }, async (request) => {
      const body = request.body;
      if (hasHiddenCharacters(body.label)) throw new ApiFailure(ResultCode.badRequest, 'apiKeyLabelHidden');
      // The form's rule, then node:net's own reading of each address (issue 49 §6).
      const problem = apiKeyProblem(body) ?? (body.ip_allowlist.every(isAllowlistAddress) ? undefined : 'apiKeyIpInvalid');
      if (problem) throw new ApiFailure(ResultCode.badRequest, problem, { max: String(API_KEY_LABEL_MAX), ips: String(IP_ALLOWLIST_MAX) });
      // With 2FA on, a key takes the code (kernel/platform/auth/twoFactor.ts), checked and used up first.
      unwrap(await outcomeOf(() => requireSecondFactorForApiKey(db, { userId: request.user.id, code: body.totp_code, client: request.ip, now: now(), lang: request.lang })));
      const created = unwrap(await keys.create(request.user.id, body));
      // Committed: the owner's email and the bell (the notice itself was written with the key).
      void announceSecurityNotice(request.user.id, { kind: 'api_key_created', params: { label: body.label.trim() } }, request.lang);
      return okWith(request.lang, 'apiKeyCreated', created);
    });

    app.post(API_KEY_PATHS.list, { config: auth, schema: { body: anyBody } }, async (request) => ok(request.lang, await keys.list(request.user.id)));

    app.post<{ Body: { api_key: string } }>(API_KEY_PATHS.delete, { config: auth, schema: { body: object(['api_key'], { api_key: apiKey }) } }, async (request) => {
      const removed = await keys.remove(request.user.id, request.body.api_key);
      if (!removed.ok) throw new ApiFailure(ResultCode.notFound, removed.key);
      void announceSecurityNotice(request.user.id, { kind: 'api_key_deleted', params: { label: removed.data.label } }, request.lang);
      return okWith(request.lang, 'apiKeyDeleted');
    });
  };
}
