/**
 * Debian's Chromium with the project's flags (../chromium.ts), a DevTools port of its own choosing and a throwaway
 * profile, for tools that attach to a running browser (Lighthouse). Host resolution is mapped to nothing but
 * 127.0.0.1, so neither the page nor Chromium itself reaches the network.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';

/** Everything but loopback resolves to nothing: no request of the page or of Chromium leaves the machine. */
const OFFLINE_ARGS = ['--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'];

export interface DebuggableChromium {
  port: number;
  version: string;
  close(): Promise<void>;
}

/** Chromium with a DevTools port of its choosing (read from its stderr) and a throwaway profile. */
export async function launchDebuggableChromium(): Promise<DebuggableChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'g2g-bench-lh-profile-'));
  const args = [...CHROMIUM_ARGS, ...OFFLINE_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'];
  // detached: its own process group, so its helper processes are stopped with it.
  const child = spawn(CHROMIUM_PATH, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let text = '';
      const timer = setTimeout(() => reject(new Error(`Chromium printed no DevTools port within 30 s:\n${text}`)), 30_000);
      child.stderr!.on('data', (b: Buffer) => {
        text += b.toString();
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.once('exit', (code) => reject(new Error(`Chromium exited with ${code}:\n${text}`)));
    });
    child.stderr!.resume();
    const { Browser } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser: string };
    return { port, version: Browser.replace(/^\D+\//, ''), close };
  } catch (error) {
    await close();
    throw error;
  }
}
