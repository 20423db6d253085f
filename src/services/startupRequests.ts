import { STARTUP_ANSWERS_ID } from '../../domain/pageIds';
import { STORAGE_KEYS } from './storage';

/**
 * The startup's three public reads (spec §4: config, currency list, pair list), sent the moment
 * the page's code runs: main.tsx imports this module first, and the build keeps it in a chunk of
 * its own that imports no library (vite.config.ts), so it is evaluated before the framework and
 * the answers travel while the framework is evaluated and the app starts, instead of after.
 * The app machine still takes the answers in the spec's order (its actors call the API client
 * as before); the API client's fetch hands over the answer already on its way (`takeStartupAnswer`)
 * the first time each is asked for, and asks the server itself after that (a retry after a
 * failure). Nothing else is sent early: these carry no token and no user data.
 *
 * When the server wrote these answers into the page (server/kernel/platform/http/firstPaint.ts, issue 55)
 * they are taken from there and not asked for at all: on a phone network that is a round trip of
 * half a second or more less before the app starts.
 */
const STARTUP_PATHS = ['/api/plat_config', '/api/currency_list', '/api/pair_list'] as const;

/** The stored language's code for the `lang` header (only server messages depend on it), as the app's first calls send it. */
function storedLang(): string {
  try {
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.language) ?? 'null') as { lang?: unknown } | null;
    return typeof stored?.lang === 'string' ? stored.lang : 'en_US';
  } catch {
    return 'en_US';
  }
}

/** The answers the page came with, by path (none when the page was served without them: the dev server, a failed read). */
function answersInPage(): Record<string, unknown> {
  try {
    const text = document.getElementById(STARTUP_ANSWERS_ID)?.textContent;
    const parsed = text ? (JSON.parse(text) as unknown) : undefined;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const answers = new Map<string, Promise<Response>>();
if (typeof window !== 'undefined' && typeof fetch === 'function') {
  const lang = storedLang();
  const inPage = answersInPage();
  for (const path of STARTUP_PATHS) {
    if (inPage[path]) {
      answers.set(path, Promise.resolve(new Response(JSON.stringify(inPage[path]), { status: 200, headers: { 'content-type': 'application/json' } })));
      continue;
    }
    const answer = fetch(path, { method: 'POST', headers: { lang, 'content-type': 'application/json' }, body: '{}' });
    answer.catch(() => undefined); // a failure is the API client's to report, when it takes the answer
    answers.set(path, answer);
  }
}

/**
 * The early answer for a POST to `path`, once (undefined for anything else, or a second time).
 * `signal` still ends the wait (the API client's timeout or its caller's cancel).
 */
export function takeStartupAnswer(path: string, init: RequestInit | undefined): Promise<Response> | undefined {
  const answer = init?.method === 'POST' ? answers.get(path) : undefined;
  if (!answer) return undefined;
  answers.delete(path);
  const signal = init?.signal;
  if (!signal) return answer;
  return new Promise<Response>((resolve, reject) => {
    const abort = () => reject(new DOMException('The startup request was abandoned', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
