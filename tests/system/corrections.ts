import { CORRECTION_PATHS, type CorrectionView } from '../../domain/corrections.js';
import type { UserInfo } from '../../domain/api.js';
import { call, mustCall } from './client.js';
import type { OperatorSession } from './operatorCodes.js';
import type { Trader } from './submissions.js';

export interface CorrectionsRun {
  /** Corrections executed, per trader account. */
  executed: Map<string, number>;
  /** Debits refused at approval (more than the trader's available balance then). */
  refused: number;
  /** Corrections that two approvals both answered as executed: must stay empty. */
  executedTwice: number[];
}

/**
 * Balance corrections while the traders trade (issue 51 §4, black-box): the environment's operator
 * proposes a credit or a debit of a trader's spot USDT, a second operator approves it with its own
 * code — each approval sent twice at once with two codes, as a double click or a retry would race
 * it — and the trader's own orders and transfers lock the same balance rows meanwhile.
 */
export async function correctWhileTrading(url: string, proposer: OperatorSession, approver: OperatorSession, traders: Trader[], count: number, pauseMs: number): Promise<CorrectionsRun> {
  const run: CorrectionsRun = { executed: new Map(), refused: 0, executedTwice: [] };
  const ids = new Map<string, number>();
  for (const trader of traders) ids.set(trader.account, (await mustCall<UserInfo>(url, '/api/center/index', {}, { token: trader.token })).id);
  for (let i = 0; i < count; i++) {
    const trader = traders[i % traders.length]!;
    const proposal = { user_id: ids.get(trader.account), currency: 'USDT', account: 'spot', direction: i % 3 === 2 ? 'debit' : 'credit', quantity: '2.5', reason: `property run, correction ${i}` };
    const proposed = await mustCall<CorrectionView>(url, CORRECTION_PATHS.propose, proposal, { token: proposer.token });
    const [first, second] = await Promise.all(
      [await approver.code(), await approver.code()].map((code) => call<CorrectionView>(url, CORRECTION_PATHS.approve, { id: proposed.id, code }, { token: approver.token })),
    );
    const executed = [first!, second!].filter((answer) => answer.code === 200).length;
    if (executed === 2) run.executedTwice.push(proposed.id);
    if (executed >= 1) run.executed.set(trader.account, (run.executed.get(trader.account) ?? 0) + 1);
    else run.refused++;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return run;
}
