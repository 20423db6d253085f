import { parentPort } from 'node:worker_threads';
import { strongEnough } from '../../../../../domain/passwordStrength.js';
import type { StrengthAnswer, StrengthAsk } from './offThread.js';

// The password estimate's thread (offThread.ts): the dictionaries and every check live here.
parentPort!.on('message', ({ id, password, related }: StrengthAsk) => {
  let answer: StrengthAnswer;
  try {
    answer = { id, strong: strongEnough(password, related) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(answer);
});
