import type { UserInfo } from '../../../domain/api.js';
import type { Database } from '../../kernel/platform/db/database.js';
import { AVATAR_MAX_BYTES, nicknameProblem } from './settingsRules.js';
import { looksLikeAnotherName } from './names/lookAlike.js';
import { decodeImage, deleteStoredImage, readStoredImage, storeImage } from '../../kernel/platform/images.js';
import { userById } from '../../kernel/platform/auth/sessions.js';
import type { Outcome } from './accounts.js';

/**
 * Personal info and general settings (spec §2 /user/user, /user/c-set). The avatar is a stored
 * image (kernel/platform/images.ts) under a generated name, served back only to its owner as a data URL,
 * so no public URL ever exposes it.
 */
export function profile(deps: { db: Database; dataDir: string }) {
  const { db } = deps;
  return {
    async setNickname(user: UserInfo, raw: string): Promise<Outcome<UserInfo>> {
      const problem = nicknameProblem(raw);
      if (problem) return { ok: false, key: problem };
      // A name that reads as another user's ("Atlas ОТС" for "Atlas OTC") is a disguise (issue 49 §6).
      if (await looksLikeAnotherName(db, user.id, raw)) return { ok: false, key: 'nicknameLookAlike' };
      await db.query('update app_user set nickname = $2 where id = $1', [user.id, raw.trim()]);
      return { ok: true, data: (await userById(db, user.id))! };
    },

    async setAvatar(user: UserInfo, dataUrl: string): Promise<Outcome<UserInfo>> {
      const image = decodeImage(dataUrl, AVATAR_MAX_BYTES);
      if (!image.ok) return { ok: false, key: image.reason === 'imageTooLarge' ? 'avatarTooLarge' : 'avatarInvalid' };
      await db.transaction(async (tx) => {
        // The avatar it replaces goes with it (its name read under the row's lock: two uploads at once leave one image).
        const [old] = await tx.query<{ avatar: string | null }>('select avatar from app_user where id = $1 for update', [user.id]);
        await tx.query('update app_user set avatar = $2 where id = $1', [user.id, await storeImage(tx, 'avatars', image)]);
        if (old?.avatar) await deleteStoredImage(tx, old.avatar);
      });
      return { ok: true, data: (await userById(db, user.id))! };
    },

    /** The caller's own avatar as a data URL, or '' when none is set. */
    async avatar(user: UserInfo): Promise<{ data_url: string }> {
      const stored = user.avatar ? await readStoredImage(db, deps.dataDir, 'avatars', user.avatar) : undefined;
      return { data_url: stored ? `data:${stored.mime};base64,${stored.bytes.toString('base64')}` : '' };
    },
  };
}

export type Profile = ReturnType<typeof profile>;
