import { Secret, TOTP } from 'otpauth';
import { OPERATOR } from './serverProcess.js';

/**
 * The last TOTP step this process used of the environment operator's codes (sign-ins, and the
 * actions that ask its code: an identity review, a withdrawal's approval). A code is good once (the server
 * keeps the last used step; a test's servers may share one database), and the steps before and
 * after now are accepted too: each sign-in takes the next unused step from now − 1 on, and waits
 * only when now + 1 is taken already (a fourth sign-in within one 30-second step).
 */
let lastStep = -Infinity;
const STEP_MS = 30_000;

const codeAt = (step: number) => TOTP.generate({ secret: Secret.fromBase32(OPERATOR.totpSecret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: step * STEP_MS + STEP_MS / 2 });

/** The environment operator's next unused code (sign-ins and the actions that ask it share the steps), waiting only when now + 1 is taken. */
export async function nextOperatorCode(): Promise<string> {
  const now = Date.now();
  const step = Math.max(Math.floor(now / STEP_MS) - 1, lastStep + 1);
  if (step > Math.floor(now / STEP_MS) + 1) await new Promise((resolve) => setTimeout(resolve, (step - 1) * STEP_MS - now + 50));
  lastStep = step;
  return codeAt(step);
}

/** The next unused code if one is good now without waiting (the workload does not stop for one), else undefined. */
export function operatorCodeNow(): string | undefined {
  const now = Math.floor(Date.now() / STEP_MS);
  const step = Math.max(now, lastStep + 1);
  if (step > now + 1) return undefined;
  lastStep = step;
  return codeAt(step);
}

