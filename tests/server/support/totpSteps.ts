/**
 * Which TOTP step a test's next code is for, shared by the server tests' operator helpers
 * (operators.ts) and the system tests' (tests/system/operatorCodes.ts). Pure and free of vitest:
 * the benches import the system helper. A code is good once (the server keeps the last step it
 * took) and the steps either side of now are accepted too.
 */
export const STEP_MS = 30_000;
export const stepOf = (ms: number) => Math.floor(ms / STEP_MS);

/**
 * How long a code may take to reach the server's check. The step before now stops being accepted
 * when the next step begins: a code for it made in a step's last moments arrived two steps old on a
 * busy CI machine ("Wrong or already used authentication code"; icoCrash.test.ts's sign-in to a
 * server busy starting), so that step is not used then.
 */
const ARRIVAL_MS = 3000;

/**
 * The step a new code is taken at after `lastUsed`, and how long to wait before sending it: from
 * now − 1 (as the server will see it when the code arrives) on, waiting only when now + 1 is taken
 * already (until the step before it begins).
 */
export function nextTotpStep(lastUsed: number, now = Date.now()): { step: number; waitMs: number } {
  const step = Math.max(stepOf(now + ARRIVAL_MS) - 1, lastUsed + 1);
  return { step, waitMs: step > stepOf(now) + 1 ? (step - 1) * STEP_MS - now + 50 : 0 };
}

/**
 * The step an enrolment's first code is taken at: the step before now as the server will see it
 * when the code arrives (so the test's next code, at now, is a new one). In a step's last moments
 * that is the current step: the one before it would arrive two steps old (usersDeskSockets.test.ts's
 * enrolment on a busy CI machine: "Wrong or already used authentication code").
 */
export const enrolmentStep = (now = Date.now()): number => stepOf(now + ARRIVAL_MS) - 1;
