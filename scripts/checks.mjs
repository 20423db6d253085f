// npm run checks: the static checks (typecheck, lint, the i18n check) side by side instead of one
// after another. Each is mostly one busy thread, so on two cores the three take about as long as the
// slowest alone. Each one's output is printed whole when it ends, so the log reads as before;
// exits non-zero if any failed, after all have ended.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

const scripts = ['typecheck', 'lint', 'i18n:check'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        process.stdout.write(`\n> ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s\n`);
        process.stdout.write(Buffer.concat(output));
        resolve(code ?? 1);
      });
    }),
);
const codes = await Promise.all(runs);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
