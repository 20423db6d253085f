/**
 * Child process for embeddedPostgres.test.ts: opens the embedded PostgreSQL on argv[2] and commits
 * small transactions as fast as it can, printing "ack <n>" after each commit, until it is killed.
 */
import { openEmbeddedPostgres } from '../../server/kernel/platform/db/embeddedPostgres.js';

const db = await openEmbeddedPostgres(process.argv[2]!);
await db.exec('create table if not exists acked (n int primary key, filler text not null)');
process.stdout.write(`pid ${process.pid}\n`);
const writers = Array.from({ length: 4 }, async (_, w) => {
  for (let i = 0; ; i++) {
    const n = i * 4 + w;
    await db.transaction(async (tx) => {
      await tx.query('insert into acked (n, filler) values ($1, $2)', [n, 'x'.repeat(200)]);
      await tx.query('update acked set filler = $2 where n = $1', [n, 'y'.repeat(200)]);
    });
    process.stdout.write(`ack ${n}\n`);
  }
});
await Promise.all(writers);
