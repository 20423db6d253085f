import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';
import { quoteProblem } from '../../convertRules';
import { BUY_QUOTE, CONVERTED, HISTORY_FIXTURE, MOVED } from './convert.fixtures';
import { convertMachine, quoteRequest } from './convert.machine';

const refused = { kind: 'server', serverMessage: 'This quote has expired' };

export const convertModel = machineModel(convertMachine, [{ name: 'USDT to BTC', input: { from: 'USDT', to: 'BTC' } }], [
  ...actorAnswers('fetchHistory', HISTORY_FIXTURE),
  // A good amount, then one refused here (zero); the pair's places ride with the request.
  ...typedValues('convert.setAmount', ['250', '0'], 'amount'),
  { type: 'convert.setFrom', from: 'ETH', to: 'USDT' },
  { type: 'convert.setTo', to: 'ETH' },
  { type: 'convert.quote', places: 2 },
  ...actorAnswers('requestQuote', BUY_QUOTE, refused),
  { type: 'countdown.tick', remaining: 9 },
  { type: 'xstate.done.actor.quoteCountdown' },
  { type: 'xstate.done.actor.acceptQuote', output: CONVERTED },
  { type: 'xstate.done.actor.acceptQuote', output: MOVED },
  { type: 'xstate.error.actor.acceptQuote', error: { kind: 'server', serverMessage: 'Not enough USDT' } },
], (s) => quoteProblem(quoteRequest(s.context), 2) === undefined);
