import unhomoglyph from 'unhomoglyph';
import type { Queryable } from '../../../kernel/platform/db/database.js';
import './messages.js';

/**
 * Whether a nickname would be mistaken for another user's (issue 49 §6): "Atlas ОТС" with a
 * Cyrillic "ОТС" passes the mixed-script rule word by word (domain/nameScripts.ts) yet reads as the
 * merchant "Atlas OTC". Unicode's answer (UTS #39 §4) is the skeleton: two strings that look alike
 * have the same one. It is made with `unhomoglyph`, which maps each character by Unicode's own
 * confusables.txt (no table of ours), between two canonical decompositions as the standard asks.
 * A nickname whose skeleton is another user's, while the text differs, is refused: the same text
 * is the same name (nicknames were never unique), a different text that looks the same is a disguise.
 */
export const skeleton = (name: string): string => unhomoglyph(name.trim().normalize('NFD')).normalize('NFD');

/**
 * The other users' nicknames are read and compared here. Nicknames change rarely (one query per
 * change, a few microseconds per name compared); a table of skeletons with an index would be the
 * next step for millions of users.
 */
export async function looksLikeAnotherName(db: Queryable, userId: number, nickname: string): Promise<boolean> {
  const wanted = nickname.trim();
  const mark = skeleton(wanted);
  const names = await db.query<{ nickname: string }>(`select distinct nickname from app_user where id <> $1 and nickname <> '' and nickname <> $2`, [userId, wanted]);
  return names.some((row) => skeleton(row.nickname) === mark);
}
