import { describe, expect, it } from 'vitest';
import { addDecimal, compareDecimal, mulDecimal } from '../../domain/decimal.js';
import { ICO_PATHS, type IcoProject } from '../../domain/ico.js';
import { mustCall, newKey } from './client.js';
import { useScratchServer } from './serverProcess.js';
import { operatorSession } from './operatorCodes.js';
import { fundedTraders, moveUsdtInto } from './traders.js';

const scratch = useScratchServer('ico-crash', Number(process.env.SYSTEM_TEST_PORT ?? 8461) + 4);
const TRADERS = 6;
const PROJECTS = 3;

/**
 * Issue 16: an ICO settlement survives a kill -9. Three oversubscribed projects end a few hundred
 * milliseconds apart; the server is killed as the first comes due (before, during or between the
 * settlement transactions) and started again; each project is then settled exactly once — one
 * issue, one settlement entry per subscriber, allocated × price + refund = paid — and the books
 * balance.
 */
describe('crash: ICO settlement across a kill -9', () => {
  it('settles every project once after a restart', async () => {
    let server = await scratch.start();
    const traders = await fundedTraders(server.url, scratch.dataDir, TRADERS, 'ico');
    await moveUsdtInto(server.url, traders, 'ico', '1000');
    const { token: operator } = await operatorSession(server.url);
    const end = Date.now() + 15_000;
    const projects: IcoProject[] = [];
    for (let i = 0; i < PROJECTS; i++) {
      projects.push(
        await mustCall<IcoProject>(
          server.url,
          ICO_PATHS.operatorSave,
          {
            symbol: `CR${i}X${String(Date.now()).slice(-4)}`, name: `Crash ${i}`, description: { en_US: 'crash test' }, total: '1000', price: '0.37',
            token_places: 1, start_at: Date.now() - 1000, end_at: end + i * 200, min_quantity: '1', max_quantity: '5000', release_rate: '0.1', release_period_ms: 86_400_000,
          },
          { token: operator },
        ),
      );
    }
    for (const p of projects) {
      for (const [i, trader] of traders.entries()) {
        await mustCall(server.url, ICO_PATHS.subscribe, { project_id: p.id, quantity: `${300 + i * 37}.${i}` }, { token: trader.token, key: newKey() });
      }
    }
    // Killed as the first project comes due.
    await new Promise((r) => setTimeout(r, Math.max(0, end - Date.now()) + 150));
    await server.crash();

    server = await scratch.start();
    const deadline = Date.now() + 60_000;
    for (;;) {
      const list = await mustCall<IcoProject[]>(server.url, ICO_PATHS.projects, {});
      if (projects.every((p) => list.find((x) => x.id === p.id)?.settled_at !== null)) break;
      if (Date.now() > deadline) throw new Error('projects not settled a minute after the restart');
      await new Promise((r) => setTimeout(r, 500));
    }
    await server.stop();

    const findings = await scratch.read(async (db) => {
      const issues = await db.query<{ ref_id: number; n: number }>(`select ref_id, count(*)::int as n from ledger_entry where ref_type = 'ico_issue' and ref_id = any($1::bigint[]) group by ref_id order by ref_id`,
        [projects.map((p) => p.id)],
      );
      const settles = await db.query<{ n: number }>(`select count(*)::int as n from ledger_entry where kind = 'ico_settle' group by ref_id, user_id having count(*) <> 1`);
      const subs = await db.query<{ project_id: number; paid: string; allocated: string; refund: string; price: string; total: string }>(
        `select s.project_id, trim_scale(s.paid)::text as paid, trim_scale(s.allocated)::text as allocated, trim_scale(s.refund)::text as refund,
           trim_scale(p.price)::text as price, trim_scale(p.total)::text as total
         from ico_subscription s join ico_project p on p.id = s.project_id where p.id = any($1::bigint[])`,
        [projects.map((p) => p.id)],
      );
      return { issues, settles, subs };
    });
    expect(findings.issues.map((i) => Number(i.n))).toEqual(projects.map(() => 1));
    expect(findings.settles).toEqual([]);
    expect(findings.subs).toHaveLength(PROJECTS * TRADERS);
    const sold = new Map<number, string>();
    for (const s of findings.subs) {
      expect(addDecimal(mulDecimal(s.allocated, s.price), s.refund)).toBe(s.paid);
      sold.set(Number(s.project_id), addDecimal(sold.get(Number(s.project_id)) ?? '0', s.allocated));
    }
    for (const total of sold.values()) expect(compareDecimal(total, '1000')).toBeLessThanOrEqual(0);
    expect(await scratch.audit()).toEqual([]);
  });
});
