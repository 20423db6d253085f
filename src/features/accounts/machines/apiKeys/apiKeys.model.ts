import { STATUS_READS } from '../twoFactor/twoFactorEnrolment.model';
import { apiKeysMachine } from './apiKeys.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

const KEY = 'A'.repeat(64);
const key = { api_key: KEY, label: 'bot', permissions: ['read' as const, 'trade' as const], ip_allowlist: [], created_ms: 1_767_225_600_000, last_used_ms: null, last_used_ip: null };
const fields = { label: 'bot', permissions: ['read' as const, 'trade' as const], ip_allowlist: [] };

export const apiKeysModel = machineModel(apiKeysMachine, [{ name: 'API keys' }], [
  ...STATUS_READS,
  { type: 'xstate.done.actor.fetchKeys', output: [key] },
  ...actorAnswers('fetchKeys', []),
  { type: 'apiKeys.retry' },
  { type: 'apiKeys.create', fields },
  { type: 'apiKeys.create', fields: { ...fields, totp_code: '123456' } },
  { type: 'apiKeys.create', fields: { ...fields, permissions: ['withdraw'] } },
  { type: 'apiKeys.edit' },
  ...actorAnswers('createKey', { api_key: KEY, secret: 'S'.repeat(64) }, { kind: 'server', serverMessage: 'You can have at most 30 API keys' }),
  { type: 'apiKeys.copySecret' },
  { type: 'xstate.done.actor.copyText', output: true },
  ...actorAnswers('copyText', false, new Error('no clipboard')),
  { type: 'apiKeys.secretSaved' },
  ...typedValues('apiKeys.delete', [KEY, 'B'.repeat(64)], 'apiKey'),
  // What the deleteKey child (the shared confirm-then-act) reports.
  { type: 'confirmAct.done', subject: { api_key: KEY }, output: null },
  { type: 'confirmAct.failed', subject: { api_key: KEY }, error: { kind: 'server', serverMessage: 'This API key does not exist or was already deleted' } },
], (snapshot) => [snapshot.context.twoFactor, snapshot.context.keys.length > 0, snapshot.context.created !== undefined]);
