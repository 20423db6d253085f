import type { LocaleCode } from '../domain/languages';
import de_DE from './de_DE.json';
import en_US from './en_US.json';
import es_ES from './es_ES.json';
import fr_FR from './fr_FR.json';
import ja_JP from './ja_JP.json';
import ko_KR from './ko_KR.json';
import ru_RU from './ru_RU.json';
import tr_TR from './tr_TR.json';
import zh_TW from './zh_TW.json';

type Tree = { [key: string]: string | Tree };

/**
 * Feature catalogues: src/locales/<feature>/<locale>.json (wallet, trading, ...). They are merged
 * into the one namespace, so a key is named the same wherever it lives; keeping a feature's keys
 * in its own files lets features grow without all editing one file.
 */
const FEATURES = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

export function mergeTrees(target: Tree, source: Tree): Tree {
  const out: Tree = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = out[key];
    out[key] = typeof value === 'object' && typeof existing === 'object' ? mergeTrees(existing, value) : value;
  }
  return out;
}

function withFeatures(code: LocaleCode, base: object): object {
  return Object.entries(FEATURES)
    .filter(([path]) => path.endsWith(`/${code}.json`))
    .sort(([a], [b]) => a.localeCompare(b))
    .reduce<Tree>((tree, [, feature]) => mergeTrees(tree, feature), base as Tree);
}

/** The 9 catalogues, bundled: a language switch never waits for the network. */
export const RESOURCES: Record<LocaleCode, object> = {
  en_US: withFeatures('en_US', en_US),
  ja_JP: withFeatures('ja_JP', ja_JP),
  ko_KR: withFeatures('ko_KR', ko_KR),
  zh_TW: withFeatures('zh_TW', zh_TW),
  ru_RU: withFeatures('ru_RU', ru_RU),
  tr_TR: withFeatures('tr_TR', tr_TR),
  fr_FR: withFeatures('fr_FR', fr_FR),
  es_ES: withFeatures('es_ES', es_ES),
  de_DE: withFeatures('de_DE', de_DE),
};
