// One client build at a time in a checkout: a lock file made with O_EXCL holding the builder's pid.
// Another `npm start` waits while that process lives; a lock left by a process that died (killed
// mid-build) is taken over.
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error?.code === 'EPERM';
  }
};

export async function withBuildLock(path, work, pollMs = 200) {
  let told = false;
  for (;;) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if (error?.code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(path, 'utf8').trim() || '0', 10);
      // No pid yet: being written this instant, or left by a process killed between making and writing it.
      const unwritten = !holder && Date.now() - statSync(path).mtimeMs > 5000;
      if ((holder && !alive(holder)) || unwritten) {
        rmSync(path, { force: true });
        continue;
      }
      if (!holder) {
        await new Promise((resolve) => globalThis.setTimeout(resolve, pollMs));
        continue;
      }
      if (!told) console.log(`client: waiting for the build of process ${holder}`);
      told = true;
      await new Promise((resolve) => globalThis.setTimeout(resolve, pollMs));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(path, { force: true });
  }
}
