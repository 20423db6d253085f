import type { Browser, Page } from '@playwright/test';
import { LANGUAGES } from '../../../domain/languages';
import { call, tokenOf } from './api';
import { deskOperator, IDENTITY_REVIEWER, nextReviewerCode, type DeskOperator } from './deskOperators';
import { callWithOperatorCode, operatorSession, signInOperatorAt } from './operatorSession';

export { OPERATOR, operatorSession } from './operatorSession';

/**
 * The operator's desk (/operator), signed in, in a browser context of its own (apart from the
 * trader's): the suite's one operator session (globalSetup signed it in, password and TOTP code)
 * put where the console keeps it, so the console opens on its stored-session path. It is not
 * typed in again: the same operator cannot sign in many times within 30 s (each code is good once).
 * `lang`: the console's language (stored as the app stores a choice), else the browser's; `as`: a
 * test's own operator (deskOperators.ts) instead, signed in now.
 */
export async function operatorDesk(browser: Browser, lang?: string, as?: DeskOperator): Promise<Page> {
  // A test's own operator signs in now (its codes are its own); else the suite's stored session.
  const session = as ? await signInOperatorAt(`http://127.0.0.1:${process.env.E2E_PORT ?? 8181}`, false, as) : operatorSession();
  const context = await browser.newContext();
  const language = lang === undefined ? '' : JSON.stringify(LANGUAGES.find((l) => l.lang === lang)!);
  await context.addInitScript(
    ([token, operator, stored]) => {
      if (window.localStorage.getItem('operator_token') === null) {
        window.localStorage.setItem('operator_token', token);
        window.localStorage.setItem('operator_info', operator);
        if (stored !== '') window.localStorage.setItem('language', stored);
      }
    },
    [JSON.stringify(session.token), JSON.stringify(session.operator), language] as const,
  );
  const page = await context.newPage();
  await page.goto('/operator');
  return page;
}

// A 1×1 PNG for the identity photos.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Identity verified through the API: the signed-in trader submits, the operator approves (§6: futures need it); `origin` for another server than the suite's. */
export async function verifyIdentity(page: Page, email: string, origin = ''): Promise<void> {
  const token = await tokenOf(page);
  await call(page, `${origin}/api/identity/submit`, { name: 'Ada Futures', id_number: 'X1234567', front: PNG, back: PNG }, token);
  if (!origin) return approveIdentity(page, email);
  // Another server (`origin`) has a database of its own: its environment operator, with its TOTP codes.
  const operator = await signInOperatorAt(origin, false);
  const queue = await call<{ list: Array<{ id: number; account: string }> }>(page, `${origin}/api/operator/kyc/list`, { search: email }, operator.token);
  const mine = queue.list.find((s) => s.account === email)!;
  await callWithOperatorCode(page, `${origin}/api/operator/kyc/approve`, { id: mine.id }, operator.token, 'code', false);
}

/** This process's session of the suite's identity reviewer (deskOperators.ts), signed in once. */
let reviewer: Promise<string> | undefined;

/** The operator approves a pending identity (by the user's `email`, or the submission's id) on the suite's server: the reviewer's session, and a recovery code of its own for the review. */
export async function approveIdentity(page: Page, submission: string | number): Promise<void> {
  reviewer ??= (async () => {
    const as = deskOperator(IDENTITY_REVIEWER);
    const answer = await page.request.post('/api/operator/login', { data: { account: as.account, password: as.password, code: await nextReviewerCode() } });
    const envelope = (await answer.json()) as { code: number; msg: string; data: { token: string } };
    if (envelope.code !== 200) throw new Error(`the identity reviewer's sign-in: ${envelope.msg}`);
    return envelope.data.token;
  })();
  const token = await reviewer;
  const id = typeof submission === 'number' ? submission : (await call<{ list: Array<{ id: number; account: string }> }>(page, '/api/operator/kyc/list', { search: submission }, token)).list.find((s) => s.account === submission)!.id;
  await call(page, '/api/operator/kyc/approve', { id, code: await nextReviewerCode() }, token);
}
