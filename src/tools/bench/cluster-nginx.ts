/**
 * Debian's nginx for the cluster bench: installed with apt-get when missing (as root, or through sudo, as .ci/run
 * installs Chromium; nothing else is ever downloaded), run in the foreground from a prefix of its own (pid file,
 * error log and temp paths all under the bench's temp dir), round-robin over the instances given.
 *
 * The proxy rules are deploy/nginx.conf's (keep them alike): an upstream with max_fails/fail_timeout;
 * proxy_next_upstream error timeout http_502 http_503, tried on at most 2 upstreams; nginx's default of never
 * re-sending a non-idempotent request (POST) to another upstream once it was sent is kept; X-Request-Id $request_id
 * unless the client sent one; X-Forwarded-For appended. The one addition here: realip takes the client address from
 * the X-Forwarded-For the bench sends, because the bench (127.0.0.1) stands for the outer load balancer in front of
 * 1,000 investors; so the instances (TRUST_PROXY=1) see each investor's own address, as they would in production.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx'];

const findNginx = () => NGINX_CANDIDATES.find((path) => existsSync(path)) ?? null;

function asRoot(command: string[]): void {
  const root = process.getuid?.() === 0;
  const hasSudo = spawnSync('sh', ['-c', 'command -v sudo'], { stdio: 'ignore' }).status === 0;
  if (!root && !hasSudo) throw new Error(`nginx is missing and installing it needs root: run \`apt-get install -y nginx\` as root, or use sudo (${command.join(' ')})`);
  const [program, ...args] = root ? command : ['sudo', ...command];
  const result = spawnSync(program as string, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (result.status !== 0) throw new Error(`${command.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

/** The nginx binary, installing Debian's package first when it is missing (unless `skipInstall`). */
export function ensureNginx(skipInstall: boolean): string {
  const found = findNginx();
  if (found) return found;
  if (skipInstall) throw new Error('nginx is not installed and --skip-install was given (apt-get install -y nginx)');
  console.log("[cluster] nginx missing: installing Debian's nginx (apt-get)");
  asRoot(['apt-get', 'update']);
  asRoot(['apt-get', 'install', '-y', '--no-install-recommends', 'nginx']);
  const installed = findNginx();
  if (!installed) throw new Error('apt-get installed nginx but no nginx binary is at ' + NGINX_CANDIDATES.join(' or '));
  return installed;
}

export type Upstream = { host: string; port: number };

/** The configuration: one upstream block over `upstreams`, the proxy rules of deploy/nginx.conf. */
export function nginxConf(prefix: string, listenPort: number, upstreams: Upstream[]): string {
  const servers = upstreams.map((u) => `    server ${u.host}:${u.port} max_fails=1 fail_timeout=2s;`).join('\n');
  // Started as root, nginx runs its workers as `nobody`, who cannot write the request body buffers into the bench's
  // private (0700) temp dir: every upload over 16 KB would answer 500. The workers run as the bench's own user.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `# Written by src/tools/bench/cluster-nginx.ts for one bench run; the rules mirror deploy/nginx.conf.
${user}worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  # KYC uploads are up to 10 MB (the portal enforces its own limit; this only must not be lower).
  client_max_body_size 12m;

  # The bench (127.0.0.1) plays the outer load balancer: the investor's address is the X-Forwarded-For it sends.
  set_real_ip_from 127.0.0.1;
  real_ip_header X-Forwarded-For;

  # Keep the request id a trusted client or outer proxy sent, else nginx's own.
  map $http_x_request_id $g2g_request_id {
    default $http_x_request_id;
    "" $request_id;
  }

  upstream g2g_portal {
${servers}
    # No keepalive pool: an idle pooled connection that an instance closes (its keep-alive timeout, or a drain on
    # SIGTERM) at the moment nginx reuses it would fail a POST that nginx then may not re-send.
  }

  server {
    listen 127.0.0.1:${listenPort};
    location / {
      proxy_pass http://g2g_portal;
      proxy_set_header Host $host;
      proxy_set_header X-Request-Id $g2g_request_id;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A dead or draining instance: the next one gets the request, unless it was a POST already sent (nginx never
      # re-sends a non-idempotent request; the client decides).
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_request_buffering on;
    }
  }
}
`;
}

export interface RunningNginx {
  url: string;
  /** Points the upstream at `upstreams` and reloads (nginx -s reload: old workers finish their requests). */
  reconfigure(upstreams: Upstream[]): Promise<void>;
  output(): string;
  stop(): Promise<void>;
}

export async function startNginx(binary: string, prefix: string, listenPort: number, upstreams: Upstream[]): Promise<RunningNginx> {
  mkdirSync(prefix, { recursive: true });
  const confPath = join(prefix, 'nginx.conf');
  writeFileSync(confPath, nginxConf(prefix, listenPort, upstreams));
  const args = ['-p', prefix, '-c', confPath, '-e', join(prefix, 'error.log')];
  const test = spawnSync(binary, [...args, '-t'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t refused the configuration:\n${test.stderr}`);
  const output: string[] = [];
  const child: ChildProcess = spawn(binary, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (b: Buffer) => output.push(b.toString()));
  child.stderr?.on('data', (b: Buffer) => output.push(b.toString()));
  const url = `http://127.0.0.1:${listenPort}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output.join('')}`);
    // Any HTTP answer means nginx listens (the upstreams may not be ready yet).
    if ((await fetch(url + '/healthz').then((r) => r.status, () => 0)) !== 0) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${url} within 10 s:\n${output.join('')}`);
    await delay(20);
  }
  return {
    url,
    output: () => output.join(''),
    async reconfigure(next) {
      writeFileSync(confPath, nginxConf(prefix, listenPort, next));
      const reload = spawnSync(binary, [...args, '-s', 'reload'], { encoding: 'utf8' });
      if (reload.status !== 0) throw new Error(`nginx -s reload failed:\n${reload.stderr}`);
      // The reload is asynchronous; new workers answer within a moment. Wait until a request goes through.
      await delay(500);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        // SIGQUIT: graceful shutdown (nginx's own meaning).
        child.kill('SIGQUIT');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}
