/**
 * The direction of imports (docs: ARCHITECTURE.md "Layout and the direction of imports"):
 * shared <- machines <- client; shared <- server; never server <-> client, never machines -> client.
 * Specifiers are read with TypeScript's own pre-processor (static, type-only, re-exports, dynamic
 * `import('x')` with a literal), so comments and strings do not count.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const AREAS = ['src/shared', 'machines', 'src/client', 'src/server', 'src/tools'] as const;
type Area = (typeof AREAS)[number] | 'test' | 'other';
const SOURCE = /\.(ts|tsx|mts|js|mjs|jsx)$/;
const TEST_FILE = /\.test\.(ts|tsx)$/;
/** The only packages product code in these areas may import (subpaths included). */
const SHARED_PACKAGES = ['valibot'];
const MACHINE_PACKAGES = ['xstate'];
/** Packages a colocated test may use whatever its area. */
const TEST_PACKAGES = ['vitest', '@testing-library/react', '@testing-library/dom', 'happy-dom', 'xstate'];

export interface Violation {
  file: string;
  specifier: string;
  rule: string;
}

function areaOf(relPath: string): Area {
  const p = relPath.split(sep).join('/');
  for (const area of AREAS) if (p === area || p.startsWith(`${area}/`)) return area;
  if (p.startsWith('test/')) return 'test';
  return 'other';
}

function packageName(spec: string): string {
  const bare = spec.split('?')[0] ?? spec;
  const parts = bare.split('/');
  return bare.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? bare);
}

const isBuiltin = (pkg: string) => pkg.startsWith('node:') || ['fs', 'path', 'os', 'url', 'crypto', 'child_process', 'zlib', 'http', 'stream'].includes(pkg);

function listFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : listFiles(full);
    return SOURCE.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Why `spec` may not be imported from `file` (area `from`), or undefined when it may. */
function ruleBroken(from: Area, isTest: boolean, spec: string, target: Area | undefined): string | undefined {
  if (target === undefined) {
    const pkg = packageName(spec);
    if (isTest && (TEST_PACKAGES.includes(pkg) || isBuiltin(pkg))) return undefined;
    if (from === 'src/shared' && !SHARED_PACKAGES.includes(pkg)) return `src/shared may import only ${SHARED_PACKAGES.join(', ')} among packages`;
    if (from === 'machines' && !MACHINE_PACKAGES.includes(pkg)) return `machines/ may import only ${MACHINE_PACKAGES.join(', ')} among packages`;
    if (from === 'src/client' && isBuiltin(pkg)) return 'src/client runs in the browser: no Node built-ins';
    return undefined;
  }
  if (isTest && target === 'test') return undefined;
  switch (from) {
    case 'src/shared':
      return target === 'src/shared' ? undefined : 'src/shared imports nothing of ours outside src/shared';
    case 'machines':
      return target === 'machines' || target === 'src/shared' ? undefined : 'machines/ import only xstate and src/shared';
    case 'src/client':
      return target === 'src/server' || target === 'src/tools' || target === 'test' || target === 'other'
        ? `src/client never imports ${target === 'other' ? 'files outside src/client, machines, src/shared' : target}`
        : undefined;
    case 'src/server':
      return target === 'src/client' || target === 'machines' || target === 'src/tools' || target === 'test' || target === 'other'
        ? `src/server never imports ${target === 'other' ? 'files outside src/server, src/shared' : target}`
        : undefined;
    default:
      return undefined; // src/tools may import any layer (generators, benchmarks)
  }
}

export function findImportViolations(root: string): Violation[] {
  const violations: Violation[] = [];
  for (const area of AREAS) {
    for (const file of listFiles(join(root, area))) {
      const rel = relative(root, file).split(sep).join('/');
      const isTest = TEST_FILE.test(file);
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      for (const { fileName: spec } of importedFiles) {
        const target = spec.startsWith('.') || spec.startsWith('/')
          ? areaOf(relative(root, resolve(dirname(file), spec)))
          : undefined;
        const rule = ruleBroken(area, isTest, spec, target);
        if (rule) violations.push({ file: rel, specifier: spec, rule });
      }
    }
  }
  return violations.sort((a, b) => a.file.localeCompare(b.file) || a.specifier.localeCompare(b.specifier));
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const format = (vs: Violation[]) => vs.map((v) => `${v.file}: '${v.specifier}' (${v.rule})`).join('\n');

describe('import direction', () => {
  it('holds in this repository', () => {
    const violations = findImportViolations(repoRoot);
    expect(format(violations), 'imports against the direction shared <- machines <- client; shared <- server').toBe('');
  });

  describe('self-test on a fake tree', () => {
    const root = mkdtempSync(join(tmpdir(), 'import-direction-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    write('src/shared/ok.ts', "import * as v from 'valibot';\nexport * from './other.ts';\n// import x from 'react'\n");
    write('src/shared/bad.ts', "import { m } from '../../machines/a/a.machine.ts';\nimport { z } from 'zod';\n");
    write('machines/a/a.machine.ts', "import { setup } from 'xstate';\nimport { graph } from 'xstate/graph';\nimport type { S } from '../../src/shared/schemas.ts';\n");
    write('machines/a/bad.machine.ts', "import { useState } from 'react';\nimport ky from 'ky';\nimport { api } from '../../src/client/effects/api.ts';\n");
    write('machines/a/a.test.ts', "import { it } from 'vitest';\nimport { coverMachine } from '../../test/paths/coverage.ts';\n");
    write('src/client/ok.tsx', "import { a } from '../../machines/a/a.machine.ts';\nimport './theme.css';\nimport ky from 'ky';\n");
    write('src/client/bad.tsx', "const lazy = () => import('../server/app.ts');\nimport { readFileSync } from 'node:fs';\n");
    write('src/server/ok.ts', "import { Hono } from 'hono';\nimport { readFile } from 'node:fs/promises';\nimport { m } from '../shared/messages.ts';\n");
    write('src/server/bad.ts', "export { View } from '../client/view.tsx';\nimport type { M } from '../../machines/a/a.machine.ts';\n");
    write('src/tools/any.ts', "import { startServer } from '../server/start-server.ts';\nimport { a } from '../../machines/a/a.machine.ts';\n");

    it('catches every kind of violation and nothing else', () => {
      expect(findImportViolations(root).map((v) => `${v.file} -> ${v.specifier}`)).toEqual([
        'machines/a/bad.machine.ts -> ../../src/client/effects/api.ts',
        'machines/a/bad.machine.ts -> ky',
        'machines/a/bad.machine.ts -> react',
        'src/client/bad.tsx -> ../server/app.ts',
        'src/client/bad.tsx -> node:fs',
        'src/server/bad.ts -> ../../machines/a/a.machine.ts',
        'src/server/bad.ts -> ../client/view.tsx',
        'src/shared/bad.ts -> ../../machines/a/a.machine.ts',
        'src/shared/bad.ts -> zod',
      ]);
    });
  });
});
