/**
 * The client's texts live beside the features that show them (issue 54 §2); the glue merges them
 * into one namespace as before: English's shell with every feature's menu labels is bundled (the
 * header has them at first paint), the rest of English and each other language are fetched whole.
 */
import { describe, expect, it } from 'vitest';
import { collectMenus } from '../app/layout/navigation';
import { FEATURES } from '../features';
import { initI18n } from '../services/i18n';
import { loadCatalogue, loadEnglishRest } from '.';

const text = (tree: object, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
const menus = collectMenus(FEATURES);
const labels = [...new Set(Object.values(menus).flatMap((links: typeof menus.header) => links.flatMap((l) => (l.group ? [l.labelKey, l.group] : [l.labelKey]))))];

describe('catalogues', () => {
  it("starts with English's shell and every feature's menu labels bundled, and nothing of the pages", async () => {
    const i18n = await initI18n();
    expect(labels.length).toBeGreaterThan(40);
    expect(labels.filter((key) => !i18n.exists(key))).toEqual([]);
    expect([i18n.t('menu.wallet.overview'), i18n.t('nav.wallet'), i18n.t('home.headline')]).toEqual(['Overview', 'Wallet', expect.stringMatching(/\w/)]);
    expect(i18n.exists('fees.title')).toBe(false);
  });

  it("fetches the rest of English from the features' and the kit's folders, without the menu labels again", async () => {
    const rest = await loadEnglishRest();
    expect([text(rest, 'fees.title'), text(rest, 'trade.bookView.book'), text(rest, 'twoFactor.title')].every((t) => typeof t === 'string')).toBe(true);
    expect(text(rest, 'nav')).toBeUndefined();
  });

  it("loads another language whole: its shell, the features' menu labels and pages", async () => {
    const german = await loadCatalogue('de_DE');
    expect(labels.filter((key) => typeof text(german, key) !== 'string')).toEqual([]);
    expect(text(german, 'menu.wallet.overview')).not.toBe('Overview');
    expect(typeof text(german, 'fees.title')).toBe('string');
  });
});
