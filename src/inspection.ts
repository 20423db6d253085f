import type { InspectionEvent, Observer } from 'xstate';

/**
 * The XState inspector behind a dev flag (see README):
 *   ?inspect        Stately's browser inspector (opens a window; needs network access)
 *   ?inspect=local  the offline inspector built into this app: a panel listing every actor,
 *                   its state value and the last events, also readable as window.__inspection
 */
export type InspectMode = 'stately' | 'local' | undefined;

export function inspectModeFrom(search: string): InspectMode {
  const value = new URLSearchParams(search).get('inspect');
  if (value === null) return undefined;
  return value === 'local' ? 'local' : 'stately';
}

export interface InspectionRecord {
  at: number;
  actorId: string;
  kind: 'event' | 'snapshot' | 'actor';
  type: string;
  detail: string;
}

/** A bounded in-memory log of inspection events, for the offline panel. */
export function createLocalInspector(limit = 300) {
  const records: InspectionRecord[] = [];
  const states = new Map<string, string>();
  const listeners = new Set<() => void>();
  const observer: Observer<InspectionEvent> = {
    next(e) {
      const actorId = (e.actorRef as { id?: string }).id || e.actorRef.sessionId;
      let record: InspectionRecord | undefined;
      if (e.type === '@xstate.event') {
        record = { at: Date.now(), actorId, kind: 'event', type: e.event.type, detail: JSON.stringify(e.event).slice(0, 200) };
      } else if (e.type === '@xstate.snapshot') {
        const value = JSON.stringify((e.snapshot as { value?: unknown }).value ?? (e.snapshot as { status?: unknown }).status);
        states.set(actorId, value);
        record = { at: Date.now(), actorId, kind: 'snapshot', type: 'snapshot', detail: value };
      } else if (e.type === '@xstate.actor') {
        record = { at: Date.now(), actorId, kind: 'actor', type: 'spawned', detail: '' };
      }
      if (!record) return;
      records.push(record);
      if (records.length > limit) records.shift();
      listeners.forEach((l) => l());
    },
  };
  return {
    observer,
    records: () => records.slice(),
    states: () => new Map(states),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type LocalInspector = ReturnType<typeof createLocalInspector>;

/** Keys whose text is a secret the user typed or was given: a password, a one-time code, a token, a 2FA secret. */
const SECRET_KEY = /password|secret|token|totp|^code$|Code$|_code$/i;
const MASK = '••••';

/**
 * A copy of `value` with every secret's text masked: events and contexts carry what the user typed
 * (a sign-in's password, a withdrawal's funds password and 2FA code), and the inspector shows them,
 * Stately's in a window of another site. A link with ?inspect must not hand those over.
 */
export function redacted(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.map((item) => redacted(item, depth + 1));
  // Actors, promises and the like are the inspector's to describe: only plain objects are copied.
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) && typeof item === 'string' && item !== '' ? MASK : redacted(item, depth + 1)]),
  );
}

/** The observer, given each inspection event with its event and its snapshot's context redacted. */
export function redacting(observer: Observer<InspectionEvent>): Observer<InspectionEvent> {
  return {
    next(e) {
      if (e.type === '@xstate.event') observer.next?.({ ...e, event: redacted(e.event) as typeof e.event });
      else if (e.type === '@xstate.snapshot') {
        const snapshot = e.snapshot as { context?: unknown };
        observer.next?.({ ...e, event: redacted(e.event) as typeof e.event, snapshot: { ...(e.snapshot as object), context: redacted(snapshot.context) } as unknown as typeof e.snapshot });
      } else observer.next?.(e);
    },
  };
}

/** The inspector the dev flag asks for: its observer for the actors (secrets redacted), and the local one for the panel. */
export async function createInspector(search: string): Promise<{ inspect?: Observer<InspectionEvent>; local?: LocalInspector }> {
  const mode = inspectModeFrom(search);
  if (mode === 'stately') {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    return { inspect: redacting(createBrowserInspector().inspect) };
  }
  if (mode !== 'local') return {};
  const local = createLocalInspector();
  (window as unknown as { __inspection: LocalInspector }).__inspection = local;
  return { inspect: redacting(local.observer), local };
}
