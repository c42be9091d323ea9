/**
 * The back-office on the investor app's spine (issue 29): its business state lives in charts, not in React state;
 * the admin-session chart owns the route (no router of its own); every answer is checked against its schema (the
 * AdminApi type requires one; this test keeps a cast from slipping past it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const adminDir = join(root, 'src/client/admin');

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return productFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const offenders = (pattern: RegExp) =>
  productFiles(adminDir)
    .filter((file) => pattern.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file));

describe('the back-office spine', () => {
  it('keeps no React state in its views: drafts, selections and answers are the charts’', () => {
    expect(offenders(/\buse(State|Reducer)\s*[<(]/)).toEqual([]);
  });

  it('has no router of its own: the admin-session chart owns the route', () => {
    expect(offenders(/from\s+'wouter/)).toEqual([]);
  });

  it('reads no answer without its schema (no cast of an API call’s result)', () => {
    expect(offenders(/api\.(get|post|put|delete|upload)<[^>]+>\(/)).toEqual([]);
    expect(offenders(/\bas AdminApi\b/)).toEqual([]);
  });
});
