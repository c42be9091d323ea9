/**
 * A private copy of dist/ for the browser benches: `vite build` run by anyone else on the machine empties and
 * refills dist/ (new hashes), which would answer a bench page 503 or 404 halfway through a run.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function snapshotBuild(root: string): { dir: string; remove(): void } {
  const dir = join(mkdtempSync(join(tmpdir(), 'g2g-bench-dist-')), 'dist');
  const remove = () => rmSync(join(dir, '..'), { recursive: true, force: true });
  cpSync(join(root, 'dist'), dir, { recursive: true });
  if (!existsSync(join(dir, 'index.html'))) {
    remove();
    throw new Error('dist/ has no index.html (a build running elsewhere?): run the bench again');
  }
  return { dir, remove };
}
