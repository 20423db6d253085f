import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nginxConfig } from '../../tests/system/nginxProxy';

const NGINX = '/usr/sbin/nginx';

/**
 * FIRSTPRICE_VIA=nginx-h2: the server behind nginx as docs/deploy/nginx.conf has it, with its
 * commented HTTPS lines taken (`listen … ssl http2`) on `port` (its `listen 80` on `plainPort`) and a self-signed certificate made
 * for the run (the browser is started with --ignore-certificate-errors). Every documented node is
 * the one server. Returns the origin to visit and a stop function.
 */
export async function startNginxH2(upstream: number, port: number, plainPort: number): Promise<{ url: string; stop: () => void }> {
  if (!existsSync(NGINX)) throw new Error(`FIRSTPRICE_VIA=nginx-h2 needs ${NGINX}`);
  const dir = mkdtempSync(join(tmpdir(), 'openex-firstprice-nginx-'));
  // nginx's workers run as `nobody` when it is started by root: they read the key and write buffers here.
  chmodSync(dir, 0o777);
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
  chmodSync(join(dir, 'key.pem'), 0o644);
  const documented = readFileSync(join(import.meta.dirname, '../../docs/deploy/nginx.conf'), 'utf8');
  // The plain listener on a port of its own (nobody visits it); the TLS lines uncommented.
  let config = nginxConfig(documented, [upstream, upstream, upstream], plainPort, dir);
  const tls = /# listen 443 ssl http2;\n\s*# ssl_certificate .*;\n\s*# ssl_certificate_key .*;/;
  if (!tls.test(config)) throw new Error('docs/deploy/nginx.conf no longer has the commented `listen 443 ssl http2;` lines this bench takes');
  config = config.replace(tls, `listen 127.0.0.1:${port} ssl http2;\n    ssl_certificate ${dir}/cert.pem;\n    ssl_certificate_key ${dir}/key.pem;`);
  writeFileSync(join(dir, 'nginx.conf'), config);
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let printed = '';
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start: ${printed}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `https://127.0.0.1:${port}`,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}
