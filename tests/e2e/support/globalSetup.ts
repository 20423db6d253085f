import { mkdirSync } from 'node:fs';
import { createDeskOperators } from './deskOperators';
import { signInOperatorAt, writeOperatorSession } from './operatorSession';

/**
 * Runs once, after playwright.config.ts's webServer is up: signs the environment's operator in
 * (password and TOTP code) and stores the session for every test (support/operatorSession.ts), and
 * makes the operators of the tests' own (support/deskOperators.ts).
 */
export default async function globalSetup(): Promise<void> {
  mkdirSync(process.env.E2E_DATA_DIR ?? '.', { recursive: true });
  writeOperatorSession(await signInOperatorAt(`http://127.0.0.1:${process.env.E2E_PORT ?? 8181}`));
  // The tests that type an operator's code have operators of their own (deskOperators.ts).
  await createDeskOperators(process.env.E2E_DATA_DIR ?? '.');
}
