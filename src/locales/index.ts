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

/** The 9 catalogues, bundled: a language switch never waits for the network. */
export const RESOURCES: Record<LocaleCode, object> = { en_US, ja_JP, ko_KR, zh_TW, ru_RU, tr_TR, fr_FR, es_ES, de_DE };
