import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareDecimal } from '../../../domain/decimal.js';
import type { Database } from '../../../server/kernel/platform/db/database.js';
import { auditBooks } from '../../../server/products/audit.js';
import { silentUserFeed } from '../../../server/kernel/platform/realtime/userFeed.js';
import { DEMO_TEXTS } from '../../../server/products/ico/demoTexts.js';
import { LOCALE_CODES, type LocaleCode } from '../../../domain/languages.js';
import { createIco } from '../../../server/products/ico/product.js';
import { openTestDatabase } from '../testDb.js';

let db: Database;
const now = Date.parse('2026-11-23T10:30:00Z');

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

describe('the demo projects of a fresh start', () => {
  it('have real participants who subscribed through the use case; the ended one settles pro rata; a restart adds nobody', async () => {
    const ico = createIco({ db, feed: silentUserFeed, clock: () => now, demo: true });
    await ico.parts.prepare!();
    const before = await ico.service.projects('en_US');
    const bySymbol = new Map(before.map((p) => [p.symbol, p]));
    expect(bySymbol.get('NOVA')).toMatchObject({ participants: 14, status: 'in_progress' });
    expect(bySymbol.get('LUMN')).toMatchObject({ participants: 20, status: 'ending_soon' });
    expect(bySymbol.get('ORBT')).toMatchObject({ participants: 24, status: 'pending_settlement', subscribed: '1200000' });
    for (const p of before) expect(compareDecimal(p.progress, '0')).toBe(1);
    // Each subscription froze its cost, as a purchase does.
    expect(await auditBooks(db)).toEqual([]);

    expect((await ico.settle()).projects).toHaveLength(1);
    const orbt = (await ico.service.projects('en_US')).find((p) => p.symbol === 'ORBT')!;
    expect(orbt.status).toBe('holding');
    expect(orbt.winning_rate).not.toBeNull();
    expect(compareDecimal(orbt.winning_rate!, '1')).toBe(-1);
    const [holders] = await db.query<{ n: number }>(
      `select count(*)::int as n from ico_subscription s join ico_project p on p.id = s.project_id where p.symbol = 'ORBT' and s.allocated > 0`,
    );
    expect(holders!.n).toBe(24);
    expect(await auditBooks(db)).toEqual([]);

    // A restart seeds nothing more.
    await ico.parts.prepare!();
    expect((await ico.service.projects('en_US')).find((p) => p.symbol === 'NOVA')).toMatchObject({ participants: 14 });
  });

  it('have their descriptions in all nine languages, none marked "Shown in English" (issue 50 M7; issue 37 defect 17)', async () => {
    const ico = createIco({ db, feed: silentUserFeed, clock: () => now, demo: true });
    const nova = async (lang: LocaleCode) => (await ico.service.projects(lang)).find((p) => p.symbol === 'NOVA')!;
    for (const lang of LOCALE_CODES) {
      expect(await nova(lang)).toMatchObject({ description: DEMO_TEXTS.NOVA[lang], description_lang: lang, description_fallback: false });
    }

    // A database seeded before the demo had every language gets them at the next start; a text the
    // operator changed is left alone.
    await db.query(`update ico_project set description = jsonb_build_object('en_US', description ->> 'en_US', 'ja_JP', description ->> 'ja_JP') where symbol in ('NOVA', 'LUMN')`);
    await db.query(`update ico_project set description = '{"en_US": "Edited by the operator"}' where symbol = 'LUMN'`);
    expect(await nova('fr_FR')).toMatchObject({ description: DEMO_TEXTS.NOVA.en_US, description_fallback: true });
    await ico.parts.prepare!();
    expect(await nova('fr_FR')).toMatchObject({ description: DEMO_TEXTS.NOVA.fr_FR, description_fallback: false });
    expect(await nova('ko_KR')).toMatchObject({ description: DEMO_TEXTS.NOVA.ko_KR, description_fallback: false });
    const lumen = (await ico.service.operatorProjects('en_US')).find((p) => p.symbol === 'LUMN')!;
    expect(lumen.descriptions).toEqual({ en_US: 'Edited by the operator' });
  });
});
