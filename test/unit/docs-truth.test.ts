/**
 * What README.md and docs/*.md name exists (issue 31): a path in the repository, an npm script, an environment
 * variable of a settings table, a function written as a call. A doc that names something renamed or removed fails
 * here, not in a newcomer's hands. (The statechart pages under docs/statecharts are generated from the charts.)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const docs = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const text = (file: string) => readFileSync(join(root, file), 'utf8');

/** Every `code span` of a doc with the file it is in. */
const spans = docs.flatMap((file) => [...text(file).matchAll(/`([^`\n]+)`/g)].map((m) => ({ file, span: m[1]!.trim() })));

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'recorded' || entry.name === 'node_modules' ? [] : sourceFiles(rel);
    return /\.(ts|tsx|mjs|cjs|js|json|sh)$/.test(entry.name) ? [rel] : [];
  });
}
const source = ['src', 'machines', 'test'].flatMap(sourceFiles).map(text).join('\n') + text('package.json') + text('.ci/run');

const ROOTS = /^(src|machines|test|docs|\.ci)\//;
/** The server's folders, which docs name from src/server down ('domain/stored-files.ts'). */
const SERVER_FOLDERS = /^(domain|jobs|storage|providers|http|routes|db|config|pdf|seed|metrics)\/[\w./-]+\.ts$/;

describe('the docs name what exists', () => {
  it('every repository path they name', () => {
    const missing = spans
      .map(({ file, span }) => ({ file, path: span.replace(/[.,;:)]+$/, '').replace(/:\d+(-\d+)?$/, '') }))
      .filter(({ path }) => ROOTS.test(path) && !/[<>*{}$ ]|\.\.\./.test(path))
      .filter(({ path }) => !existsSync(join(root, path)))
      .map(({ file, path }) => `${file}: ${path}`);
    expect(missing).toEqual([]);
  });

  it('every server file they name from src/server down', () => {
    const named = spans.map(({ file, span }) => ({ file, path: span.replace(/[.,;:)]+$/, '') })).filter(({ path }) => SERVER_FOLDERS.test(path));
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter(({ path }) => !existsSync(join(root, 'src/server', path))).map(({ file, path }) => `${file}: src/server/${path}`)).toEqual([]);
  });

  it('every npm script they tell a reader to run', () => {
    const scripts = Object.keys((JSON.parse(text('package.json')) as { scripts: Record<string, string> }).scripts);
    const named = docs.flatMap((file) => [...text(file).matchAll(/npm run ([a-z][\w:-]*)/g)].map((m) => ({ file, script: m[1]! })));
    expect(named.length).toBeGreaterThan(3);
    expect(named.filter(({ script }) => !scripts.includes(script)).map(({ file, script }) => `${file}: npm run ${script}`)).toEqual([]);
  });

  it('every environment variable of their settings tables', () => {
    const rows = docs.flatMap((file) => [...text(file).matchAll(/^\| `([A-Z][A-Z0-9_]{2,})` \|/gm)].map((m) => ({ file, name: m[1]! })));
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter(({ name }) => !new RegExp(`\\b${name}\\b`).test(source)).map(({ file, name }) => `${file}: ${name}`)).toEqual([]);
  });

  it('every function they write as a call', () => {
    const calls = spans
      .map(({ file, span }) => ({ file, name: /^([a-z][A-Za-z0-9]{3,})\(/.exec(span)?.[1] }))
      .filter((c): c is { file: string; name: string } => c.name !== undefined);
    expect(calls.length).toBeGreaterThan(3);
    expect(calls.filter(({ name }) => !new RegExp(`\\b${name}\\b`).test(source)).map(({ file, name }) => `${file}: ${name}()`)).toEqual([]);
  });
});
