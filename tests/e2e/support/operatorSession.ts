import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The environment's operator of the e2e suite (playwright.config.ts starts the server with these;
 * the shell may override them). OPERATOR_TOTP_SECRET pre-enrols its 2FA, which is mandatory for
 * operators (issue 51 §1): every sign-in takes the password and a TOTP code, and a code is good once.
 */
export const OPERATOR = {
  account: process.env.OPERATOR_ACCOUNT ?? 'reviewer@openex.test',
  password: process.env.OPERATOR_PASSWORD ?? 'Operator2026',
  totpSecret: process.env.OPERATOR_TOTP_SECRET ?? 'KRUGKIDFGJSSA33QMVZGC5DPOIQHGZLDOJSXI',
};

export interface StoredOperatorSession {
  token: string;
  operator: { id: number; account: string; roles?: string[] };
}

const STEP_MS = 30_000;
/** How long a code taken now must stay good for: typing it and the request's trip, on a loaded machine. */
const CODE_LIFE_MS = 10_000;
/** This process's last used step per secret (servers of a test's own, and operators a journey enrolled). */
const lastSteps = new Map<string, number>();

/** Where the suite's processes (globalSetup and both workers) note the last TOTP step they used on the suite's server. */
const stepsFile = () => join(process.env.E2E_DATA_DIR ?? '', 'operator-last-step');
const stepsLock = () => join(process.env.E2E_DATA_DIR ?? '', 'operator-last-step.lock');

/** Runs `work` holding a lock directory (mkdir is atomic), so two workers never take one step. */
async function locked<T>(work: () => T): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      mkdirSync(stepsLock());
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || tries > 200) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  try {
    return work();
  } finally {
    rmSync(stepsLock(), { recursive: true, force: true });
  }
}

/**
 * A code of the next TOTP step not used yet (from now − 1 on: the server accepts the steps either
 * side of now), waiting only when now + 1 is taken already. A code is good once: `shared` (the
 * environment operator on the suite's server, the default) counts the steps across globalSetup and
 * the workers in a file under a lock; otherwise (a server of a test's own, or an operator a journey
 * enrolled: pass its `secret`, read from the enrolment's `operator-two-factor-secret`) in this process.
 */
export async function nextOperatorCode(shared = true, secret = OPERATOR.totpSecret): Promise<string> {
  // The earliest step is "now − 1" as the server will see it when the code arrives: counted from
  // CODE_LIFE_MS ahead, so a code taken in the last moments of a step is not one step too old by
  // the time the form is filled and sent (a fresh operator's enrolment code was refused so).
  const take = (last: number) => Math.max(Math.floor((Date.now() + CODE_LIFE_MS) / STEP_MS) - 1, last + 1);
  let step: number;
  if (shared) {
    step = await locked(() => {
      let last = -Infinity;
      try {
        last = Number(readFileSync(stepsFile(), 'utf8')) || -Infinity;
      } catch {
        // No step used yet.
      }
      const next = take(last);
      writeFileSync(stepsFile(), String(next));
      return next;
    });
  } else {
    step = take(lastSteps.get(secret) ?? -Infinity);
    lastSteps.set(secret, step);
  }
  const wait = (step - 1) * STEP_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50));
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: step * STEP_MS + STEP_MS / 2 });
}

/**
 * Signs the environment's operator in at `origin` (password and code in one call): its session.
 * `shared`: see nextOperatorCode. `as`: another operator (a test's own: deskOperators.ts), its codes counted here.
 */
export async function signInOperatorAt(origin: string, shared = true, as?: { account: string; password: string; code(): Promise<string> }): Promise<StoredOperatorSession> {
  const response = await fetch(`${origin}/api/operator/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(as ? { account: as.account, password: as.password, code: await as.code() } : { account: OPERATOR.account, password: OPERATOR.password, code: await nextOperatorCode(shared) }),
  });
  const body = (await response.json()) as { code: number; msg: string; data: StoredOperatorSession | null };
  if (body.code !== 200 || !body.data?.token) throw new Error(`operator sign-in at ${origin} failed: ${body.msg}`);
  return body.data;
}

/** Where globalSetup leaves the suite's one operator session (the server's data directory, made per run). */
const sessionFile = () => join(process.env.E2E_DATA_DIR ?? '', 'operator-session.json');

export function writeOperatorSession(session: StoredOperatorSession): void {
  writeFileSync(sessionFile(), JSON.stringify(session));
}

/**
 * The suite's one signed-in operator session, made by globalSetup before any test (the same
 * operator cannot sign in many times within 30 s: each code is good once). Tests share it: none
 * may sign it out.
 */
export function operatorSession(): StoredOperatorSession {
  return JSON.parse(readFileSync(sessionFile(), 'utf8')) as StoredOperatorSession;
}

/**
 * Submits a dialog that asks the environment operator's code, until it closes. Codes are taken in
 * step order across the workers, but a code taken before another worker's may reach the server
 * after it, and the server takes each step once and in order: refused as used, it is typed again,
 * fresh, as a person would. (A dialog already closed by a slow earlier answer is left alone.)
 */
export async function submitWithOperatorCode(dialog: Locator, codeField: Locator, submit: Locator, as?: { code(): Promise<string> }): Promise<void> {
  await expect(async () => {
    if (await dialog.isHidden()) return;
    await codeField.fill(await (as ? as.code() : nextOperatorCode()));
    await submit.click();
    await expect(dialog).toBeHidden({ timeout: 10_000 });
  }).toPass({ timeout: 90_000 });
}

/**
 * An operator API call that asks the environment operator's own code (`code` on every operator
 * route; `totp_code` only to try the server's one-release acceptance of the former name), answering its data. As in
 * submitWithOperatorCode, a code refused as used (another worker's later one reached the server
 * first) is sent again, fresh; any other refusal fails the test. `shared`: see nextOperatorCode.
 */
export async function callWithOperatorCode<T>(page: Page, path: string, body: object, token: string, field: 'code' | 'totp_code' = 'code', shared = true): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const response = await page.request.post(path, { data: { ...body, [field]: await nextOperatorCode(shared) }, headers: { token, lang: 'en_US' } });
    const envelope = (await response.json()) as { code: number; msg: string; data: T };
    if (envelope.code === 200) return envelope.data;
    if (attempt >= 4 || envelope.msg !== 'Wrong or already used authentication code') expect(envelope.code, envelope.msg).toBe(200);
  }
}
