/** Every installed package must declare itself fit for the Node version this project runs on (20). */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const NODE_20 = ['20.19.0', process.versions.node.startsWith('20.') ? process.versions.node : '20.20.2'];

describe('package engines', () => {
  it('accept Node 20 for every package in the lock file', () => {
    const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    const unfit = Object.entries(lock.packages)
      .filter(([path, p]) => path && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !NODE_20.some((v) => semver.satisfies(v, (p.engines as { node: string }).node)))
      .map(([path, p]) => `${path}: ${(p.engines as { node: string }).node}`);
    expect(unfit).toEqual([]);
  });
});
