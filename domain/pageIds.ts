/**
 * The id of the data the server writes into index.html (server/kernel/platform/http/firstPaint.ts), read
 * by the app before anything else runs. A module with no imports: the startup chunk takes it in
 * (vite.config.ts), and that chunk must need nothing else.
 */

/**
 * The startup's public answers (plat_config, currency_list, pair_list, as
 * `{ "/api/plat_config": envelope, … }`), which the app takes instead of asking for them: a
 * `<script type="application/json">`, which the policy allows (it is never run).
 */
export const STARTUP_ANSWERS_ID = 'startup-answers';
