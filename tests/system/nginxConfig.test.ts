import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nginxConfig } from './nginxProxy.js';

/**
 * docs/deploy/nginx.conf as the chaos test runs it (nginxProxy.ts): its example upstreams and port
 * replaced by this machine's, everything else as documented — and, where nginx is installed (.ci/run
 * installs it), accepted by `nginx -t`, so an edit that breaks the documented file fails here.
 */
describe('the documented nginx configuration', () => {
  const documented = readFileSync(join(import.meta.dirname, '../../docs/deploy/nginx.conf'), 'utf8');

  it('keeps its rules and takes this machine’s addresses', () => {
    const config = nginxConfig(documented, [9101, 9102, 9104], 9103, '/tmp/x');
    expect(config).toContain('listen 127.0.0.1:9103;');
    expect(config.match(/server 127\.0\.0\.1:910[124] max_fails=1 fail_timeout=1s;/g)).toHaveLength(3);
    // Issue 53 §1: the sockets' upstream never marks a node down (a WebSocket releases its failure count only when it closes).
    expect(config.match(/upstream openex_sockets \{[^}]*\}/)![0].match(/server 127\.0\.0\.1:910[124] max_fails=0;/g)).toHaveLength(3);
    expect(config).not.toMatch(/server 10\.0\.0\./);
    for (const rule of ['proxy_next_upstream error timeout http_502 http_503;', 'proxy_set_header Upgrade $http_upgrade;', 'location = /metrics { return 404; }', 'keepalive 64;']) expect(config).toContain(rule);
  });

  it.runIf(existsSync('/usr/sbin/nginx'))('passes nginx -t', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openex-nginx-t-'));
    try {
      chmodSync(dir, 0o777);
      writeFileSync(join(dir, 'nginx.conf'), nginxConfig(documented, [9101, 9102, 9104], 9103, dir));
      expect(() => execFileSync('/usr/sbin/nginx', ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'pipe' })).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
