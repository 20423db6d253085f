import type { AnyActorRef, InspectionEvent } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createLocalInspector, redacted, redacting } from './inspection';

const actorRef = { id: 'session', sessionId: 'x:1' } as unknown as AnyActorRef;

describe('the inspector never shows a secret the user typed', () => {
  it('masks passwords, codes and tokens in events, at any depth, and leaves the rest', () => {
    expect(redacted({ type: 'auth.submit', account: 'ana@example.com', password: 'Lantern-Harbour-1' })).toEqual({ type: 'auth.submit', account: 'ana@example.com', password: '••••' });
    expect(redacted({ type: 'withdraw.password', password: 'Funds2026', totpCode: '123456' })).toEqual({ type: 'withdraw.password', password: '••••', totpCode: '••••' });
    expect(redacted({ form: { funds_password: 'x', totp_code: '654321', quantity: '25' }, list: [{ token: 'abc' }] })).toEqual({ form: { funds_password: '••••', totp_code: '••••', quantity: '25' }, list: [{ token: '••••' }] });
    // Empty fields and numbers stay what they are (a result code is no secret).
    expect(redacted({ password: '', code: 200 })).toEqual({ password: '', code: 200 });
  });

  it('the local panel records the masked event and context', () => {
    const local = createLocalInspector();
    const observer = redacting(local.observer);
    const event = { type: 'auth.submit', password: 'Lantern-Harbour-1' };
    observer.next?.({ type: '@xstate.event', actorRef, rootId: 'x', sourceRef: undefined, event } as InspectionEvent);
    observer.next?.({ type: '@xstate.snapshot', actorRef, rootId: 'x', event, snapshot: { value: 'signingIn', status: 'active', context: { password: 'Lantern-Harbour-1' } } } as unknown as InspectionEvent);
    const detail = local.records().map((r) => r.detail).join(' ');
    expect(detail).toContain('••••');
    expect(detail).not.toContain('Lantern-Harbour-1');
    // The event the actors go on with is untouched.
    expect(event.password).toBe('Lantern-Harbour-1');
  });
});
