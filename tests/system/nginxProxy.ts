import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FailoverProxy } from './failoverProxy.js';

const NGINX = '/usr/sbin/nginx';

/**
 * The load balancer of the cluster tests as the operator runs it: nginx (Debian's, which .ci/run
 * installs) with docs/deploy/nginx.conf itself, its example addresses replaced by this machine's —
 * `upstreams` for the documented nodes in both `openex_http` and `openex_sockets`, `port` for
 * `listen 80` — and its pid, logs and
 * temporary files in a directory of its own. So the test proves the documented configuration, not a stand-in. Undefined where nginx is
 * not installed (tests/system/failoverProxy.ts stands in then).
 */
export async function startNginx(upstreams: readonly number[], port: number): Promise<FailoverProxy | undefined> {
  if (!existsSync(NGINX)) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'openex-nginx-'));
  // nginx's workers run as `nobody` when it is started by root: they write its temporary files.
  chmodSync(dir, 0o777);
  const config = nginxConfig(readFileSync(join(import.meta.dirname, '../../docs/deploy/nginx.conf'), 'utf8'), upstreams, port, dir);
  writeFileSync(join(dir, 'nginx.conf'), config);
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let printed = '';
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start with docs/deploy/nginx.conf: ${printed || readIfThere(join(dir, 'error.log'))}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The documented configuration with this machine's addresses and a directory of its own: each
 * upstream's node lines (port 8080) keep their parameters with `upstreams` for addresses.
 */
export function nginxConfig(documented: string, upstreams: readonly number[], port: number, dir: string): string {
  const replaceUpstream = (text: string, name: string) =>
    text.replace(new RegExp(`(upstream ${name} \\{)([\\s\\S]*?)(\\n  \\})`), (_all, open: string, body: string, close: string) => {
      const parameters = [...body.matchAll(/^\s*server [\d.]+:8080 (.*);$/gm)].map((m) => m[1]!);
      if (parameters.length !== upstreams.length) throw new Error(`docs/deploy/nginx.conf lists ${parameters.length} nodes in ${name}, the test runs ${upstreams.length}`);
      const servers = upstreams.map((p, i) => `    server 127.0.0.1:${p} ${parameters[i]};`).join('\n');
      const kept = body.split('\n').filter((line) => !/^\s*server\s/.test(line) && !/^\s*#/.test(line));
      return `${open}\n${servers}${kept.join('\n')}${close}`;
    });
  let config = replaceUpstream(replaceUpstream(documented, 'openex_http'), 'openex_sockets');
  if (!/listen 80;/.test(config) || config === documented) throw new Error('docs/deploy/nginx.conf no longer has the upstreams and `listen 80;` this test replaces');
  config = config.replace('listen 80;', `listen 127.0.0.1:${port};`);
  // Where a root-less nginx keeps its pid, logs and buffers: the test's own directory.
  config = config.replace(/^worker_processes .*$/m, `worker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;`);
  config = config.replace(
    /^http \{$/m,
    `http {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;`,
  );
  return config;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

function readIfThere(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
