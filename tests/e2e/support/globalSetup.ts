import { mkdirSync } from 'node:fs';
import { signInOperatorAt, writeOperatorSession } from './operatorSession';

/**
 * Runs once, after playwright.config.ts's webServer is up: signs the environment's operator in
 * (password and TOTP code) and stores the session for every test (support/operatorSession.ts).
 */
export default async function globalSetup(): Promise<void> {
  mkdirSync(process.env.E2E_DATA_DIR ?? '.', { recursive: true });
  writeOperatorSession(await signInOperatorAt(`http://127.0.0.1:${process.env.E2E_PORT ?? 8181}`));
}
