import type { MachineModel } from '../../../../app/machines/model.types';
import { apiKeysMachine } from './apiKeys.machine';

const KEY = 'A'.repeat(64);
const key = { api_key: KEY, label: 'bot', permissions: ['read' as const, 'trade' as const], ip_allowlist: [], created_ms: 1_767_225_600_000, last_used_ms: null, last_used_ip: null };
const fields = { label: 'bot', permissions: ['read' as const, 'trade' as const], ip_allowlist: [] };

export const apiKeysModel: MachineModel<typeof apiKeysMachine> = {
  machine: apiKeysMachine,
  variants: [{ name: 'API keys' }],
  events: [
    { type: 'xstate.done.actor.fetchStatus', output: { enabled: false, recovery_codes_left: 0, withdrawals_locked_until: 0 } },
    { type: 'xstate.done.actor.fetchStatus', output: { enabled: true, recovery_codes_left: 8, withdrawals_locked_until: 0 } },
    { type: 'xstate.error.actor.fetchStatus', error: { kind: 'network' } },
    { type: 'xstate.done.actor.fetchKeys', output: [key] },
    { type: 'xstate.done.actor.fetchKeys', output: [] },
    { type: 'xstate.error.actor.fetchKeys', error: { kind: 'network' } },
    { type: 'apiKeys.retry' },
    { type: 'apiKeys.create', fields },
    { type: 'apiKeys.create', fields: { ...fields, totp_code: '123456' } },
    { type: 'apiKeys.create', fields: { ...fields, permissions: ['withdraw'] } },
    { type: 'xstate.done.actor.createKey', output: { api_key: KEY, secret: 'S'.repeat(64) } },
    { type: 'xstate.error.actor.createKey', error: { kind: 'server', serverMessage: 'You can have at most 30 API keys' } },
    { type: 'apiKeys.copySecret' },
    { type: 'xstate.done.actor.copyText', output: true },
    { type: 'xstate.done.actor.copyText', output: false },
    { type: 'xstate.error.actor.copyText', error: new Error('no clipboard') },
    { type: 'apiKeys.secretSaved' },
    { type: 'apiKeys.delete', apiKey: KEY },
    { type: 'apiKeys.delete', apiKey: 'B'.repeat(64) },
    { type: 'apiKeys.confirm' },
    { type: 'apiKeys.cancel' },
    { type: 'xstate.done.actor.deleteKey', output: null },
    { type: 'xstate.error.actor.deleteKey', error: { kind: 'server', serverMessage: 'This API key does not exist or was already deleted' } },
  ],
  abstract: (snapshot) => [snapshot.context.twoFactor, snapshot.context.keys.length > 0, snapshot.context.created !== undefined],
};
