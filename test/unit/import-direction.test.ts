/**
 * The direction of imports (docs: ARCHITECTURE.md "Layout and the direction of imports"):
 * shared <- machines <- client; shared <- server; never server <-> client, never machines -> client;
 * the staff back-office kept apart from the investor side (docs/decisions.md "Staff"); and no circles, neither
 * between files (type-only imports count: a circle is a knot a newcomer must untie whole) nor between the folders
 * of machines/ and src/client/views/ (a chart folder or a page folder that needs another needs it one way).
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
const SHARED_PACKAGES = ['valibot', '@noble/hashes'];
const MACHINE_PACKAGES = ['xstate'];
/** The one chart folder the server may import: the investment's lifecycle. */
const LIFECYCLE_CHART = 'machines/investment/';
/** Packages a colocated test may use whatever its area. */
const TEST_PACKAGES = ['vitest', '@testing-library/react', '@testing-library/dom', 'happy-dom', 'xstate'];

/** The staff back-office (docs/decisions.md "Staff"): where its code lives. */
const STAFF = {
  clientApp: 'src/client/admin/',
  machines: 'machines/admin/',
  serverRoutes: 'src/server/routes/admin/',
  serverDomain: 'src/server/domain/admin/',
  staffAuth: 'src/server/http/staff-auth.ts',
  investorAuth: 'src/server/http/bearer-auth.ts',
  /** The one file that mounts the staff routes. */
  app: 'src/server/app.ts',
  /** `npm run staff:invite` (the first issuer admin): staff code outside the routes. */
  staffCommand: 'src/server/staff-invite.ts',
};

/**
 * The two apps' client code (issue 29): the widgets and the runtime both use (src/client/ui, src/client/runtime)
 * belong to neither app's session; the
 * back-office takes nothing of the investor app; a back-office page never reaches into the shell that hosts it.
 */
const CLIENT = {
  shared: ['src/client/ui/', 'src/client/runtime/'],
  investorApp: ['src/client/app/', 'src/client/views/', 'src/client/effects/', 'machines/session/'],
  staffShell: ['src/client/admin/shell/', 'src/client/admin/AdminApp.tsx', 'src/client/admin/main.tsx'],
};

/** Folders whose mutual imports must run one way (one statechart, one page). */
const UNIT_FOLDERS = ['machines/', 'src/client/views/'];

export interface Violation {
  file: string;
  specifier: string;
  rule: string;
}

const posix = (p: string) => p.split(sep).join('/');

function areaOf(relPath: string): Area {
  const p = posix(relPath);
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

/** Why `from` may not import `to` (both repository paths) under the staff boundaries, or undefined when it may. */
function staffRuleBroken(from: string, to: string): string | undefined {
  const inStaffClient = from.startsWith(STAFF.clientApp);
  if (from.startsWith('src/client/') && !inStaffClient && (to.startsWith(STAFF.clientApp) || to.startsWith(STAFF.machines))) {
    return 'the investor app imports nothing of the staff app (src/client/admin, machines/admin)';
  }
  if (from.startsWith('machines/') && !from.startsWith(STAFF.machines) && to.startsWith(STAFF.machines)) {
    return 'investor machines import nothing of machines/admin';
  }
  const inStaffServer = from.startsWith(STAFF.serverRoutes) || from.startsWith(STAFF.serverDomain) || from === STAFF.staffCommand;
  if (to.startsWith(STAFF.serverRoutes) && from !== STAFF.app && !from.startsWith(STAFF.serverRoutes)) {
    return 'only src/server/app.ts mounts the staff routes';
  }
  if (to.startsWith(STAFF.serverDomain) && !inStaffServer) return 'only the staff routes and domain use src/server/domain/admin';
  if (from.startsWith(STAFF.serverRoutes) && to === STAFF.investorAuth) return 'staff routes authenticate with staff-auth, never the investor bearer middleware';
  if (from.startsWith('src/server/routes/') && !from.startsWith(STAFF.serverRoutes) && to === STAFF.staffAuth) {
    return 'investor routes never use staff-auth';
  }
  return undefined;
}

/** Why `from` may not import `to` under the two apps' client boundaries, or undefined when it may. */
function clientRuleBroken(from: string, to: string): string | undefined {
  if (CLIENT.shared.some((p) => from.startsWith(p)) && (to.startsWith(STAFF.clientApp) || CLIENT.investorApp.some((p) => to.startsWith(p)))) {
    return 'src/client/ui and src/client/runtime serve both apps: they import neither app (effects come in through props or a provider)';
  }
  if (from.startsWith(STAFF.clientApp) && CLIENT.investorApp.some((p) => to.startsWith(p))) return 'the back-office imports nothing of the investor app';
  const inShell = CLIENT.staffShell.some((p) => from.startsWith(p));
  if (from.startsWith(STAFF.clientApp) && !inShell && CLIENT.staffShell.some((p) => to.startsWith(p))) return "a back-office page never imports the shell that hosts it";
  return undefined;
}

type ImportEdge = { file: string; specifier: string; target: string | null; isTest: boolean };

/** Every import of every source file in the areas, with the repository path it points at (null: a package). */
function readImports(root: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const area of AREAS) {
    for (const file of listFiles(join(root, area))) {
      const rel = posix(relative(root, file));
      const isTest = TEST_FILE.test(file);
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      for (const { fileName: spec } of importedFiles) {
        const target = spec.startsWith('.') || spec.startsWith('/') ? posix(relative(root, resolve(dirname(file), spec.split('?')[0] ?? spec))) : null;
        edges.push({ file: rel, specifier: spec, target, isTest });
      }
    }
  }
  return edges;
}

export function findImportViolations(root: string): Violation[] {
  const violations: Violation[] = [];
  for (const { file, specifier, target, isTest } of readImports(root)) {
    // The server interprets the investment's lifecycle chart (issue 27, docs/decisions.md "The lifecycle chart"):
    // machines/investment, which itself imports only xstate and src/shared. No other chart reaches the server.
    const lifecycle = target !== null && areaOf(file) === 'src/server' && target.startsWith(LIFECYCLE_CHART);
    const rule =
      (lifecycle ? undefined : ruleBroken(areaOf(file), isTest, specifier, target === null ? undefined : areaOf(target))) ??
      (target !== null && !isTest ? (staffRuleBroken(file, target) ?? clientRuleBroken(file, target)) : undefined);
    if (rule) violations.push({ file, specifier, rule });
  }
  return violations.sort((a, b) => a.file.localeCompare(b.file) || a.specifier.localeCompare(b.specifier));
}

/** Strongly connected components of more than one node (or a node importing itself), each sorted. */
function circlesOf(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.has(node)) circles.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The chart or page folder a file belongs to (machines/kyc, src/client/views/kyc), or null. */
function unitOf(path: string): string | null {
  for (const prefix of UNIT_FOLDERS) {
    if (!path.startsWith(prefix)) continue;
    const [name, ...rest] = path.slice(prefix.length).split('/');
    // machines/admin/<chart>/ holds one chart per folder, one level further down.
    if (prefix === 'machines/' && name === 'admin' && rest.length > 1) return `${prefix}admin/${rest[0]}`;
    return rest.length ? `${prefix}${name}` : null;
  }
  return null;
}

/** Circles among product files (tests excluded), and among the folders of machines/ and src/client/views/. */
export function findImportCircles(root: string): { files: string[][]; folders: string[][] } {
  const files = new Map<string, Set<string>>();
  const folders = new Map<string, Set<string>>();
  const link = (graph: Map<string, Set<string>>, from: string, to: string) => {
    if (!graph.has(from)) graph.set(from, new Set());
    if (!graph.has(to)) graph.set(to, new Set());
    graph.get(from)!.add(to);
  };
  for (const { file, target, isTest } of readImports(root)) {
    if (isTest || target === null || !SOURCE.test(target) || TEST_FILE.test(target)) continue;
    link(files, file, target);
    const [fromUnit, toUnit] = [unitOf(file), unitOf(target)];
    if (fromUnit && toUnit && fromUnit !== toUnit) link(folders, fromUnit, toUnit);
  }
  return { files: circlesOf(files), folders: circlesOf(folders) };
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const format = (vs: Violation[]) => vs.map((v) => `${v.file}: '${v.specifier}' (${v.rule})`).join('\n');
const formatCircles = (circles: string[][]) => circles.map((c) => c.join(' <-> ')).join('\n');

describe('import direction', () => {
  it('holds in this repository', () => {
    const violations = findImportViolations(repoRoot);
    expect(format(violations), 'imports against the direction shared <- machines <- client; shared <- server; staff apart').toBe('');
  });

  it('has no circles in this repository, between files or between chart and page folders', () => {
    const circles = findImportCircles(repoRoot);
    expect(formatCircles(circles.files), 'files that import each other, directly or round a loop').toBe('');
    expect(formatCircles(circles.folders), 'machines/ or src/client/views/ folders that import each other').toBe('');
  });

  describe('self-test on a fake tree', () => {
    const root = mkdtempSync(join(tmpdir(), 'import-direction-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    write('src/shared/ok.ts', "import * as v from 'valibot';\nexport * from './other.ts';\n// import x from 'react'\n");
    write('src/shared/other.ts', 'export const other = 1;\n');
    write('src/shared/bad.ts', "import { m } from '../../machines/a/a.machine.ts';\nimport { z } from 'zod';\n");
    write('machines/a/a.machine.ts', "import { setup } from 'xstate';\nimport { graph } from 'xstate/graph';\nimport type { S } from '../../src/shared/kyc.ts';\n");
    write('machines/a/bad.machine.ts', "import { useState } from 'react';\nimport ky from 'ky';\nimport { api } from '../../src/client/effects/api.ts';\n");
    write('machines/a/a.test.ts', "import { it } from 'vitest';\nimport { coverMachine } from '../../test/paths/coverage.ts';\n");
    write('src/client/ok.tsx', "import { a } from '../../machines/a/a.machine.ts';\nimport './theme.css';\nimport ky from 'ky';\n");
    write('src/client/bad.tsx', "const lazy = () => import('../server/app.ts');\nimport { readFileSync } from 'node:fs';\n");
    write('src/server/ok.ts', "import { Hono } from 'hono';\nimport { readFile } from 'node:fs/promises';\nimport { m } from '../shared/messages.ts';\nimport { investmentMachine } from '../../machines/investment/investment.machine.ts';\n");
    write('src/server/bad.ts', "export { View } from '../client/view.tsx';\nimport type { M } from '../../machines/a/a.machine.ts';\n");
    write('src/tools/any.ts', "import { startServer } from '../server/start-server.ts';\nimport { a } from '../../machines/a/a.machine.ts';\n");
    // Staff boundaries.
    write('src/client/views/kyc/Leaks.tsx', "import { Queue } from '../../admin/views/Queue.tsx';\nimport type { A } from '../../../../machines/admin/review/review.machine.ts';\n");
    write('src/client/admin/views/Queue.tsx', "import { Button } from '../../ui/form/Button.tsx';\nimport { r } from '../../../../machines/admin/review/review.machine.ts';\n");
    write('machines/kyc/kyc.machine.ts', "import { r } from '../admin/review/review.machine.ts';\n");
    write('machines/admin/review/review.machine.ts', "import { k } from '../../download/download.machine.ts';\n");
    write('src/client/ui/Widget.tsx', "import { useSession } from '../app/session-context.tsx';\nimport { api } from '../admin/admin-api.ts';\nimport { f } from './format.ts';\n");
    write('src/client/admin/views/Page.tsx', "import { load } from '../../effects/api-client.ts';\nimport { Shell } from '../shell/AdminShell.tsx';\nimport { When } from '../ui/When.tsx';\n");
    write('src/client/admin/shell/AdminShell.tsx', "import { Queue } from '../views/Queue.tsx';\n");
    write('src/server/app.ts', "import { adminRoutes } from './routes/admin/kyc.routes.ts';\n");
    write('src/server/routes/kyc.routes.ts', "import { decide } from '../domain/admin/decide-kyc.ts';\nimport { requireStaff } from '../http/staff-auth.ts';\nimport { x } from './admin/kyc.routes.ts';\n");
    write('src/server/routes/admin/kyc.routes.ts', "import { decide } from '../../domain/admin/decide-kyc.ts';\nimport { bearer } from '../../http/bearer-auth.ts';\nimport { requireStaff } from '../../http/staff-auth.ts';\n");
    write('src/server/domain/admin/decide-kyc.ts', "import { completeKyc } from '../kyc/complete-kyc.ts';\n");
    // Circles: two files, and two chart folders joined by different files.
    write('src/client/views/b/Page.tsx', "import { Item } from './Item.tsx';\n");
    write('src/client/views/b/Item.tsx', "import type { P } from './Page.tsx';\n");
    write('machines/c/c.machine.ts', "import { d } from '../d/d.machine.ts';\n");
    write('machines/d/d.actors.ts', "import type { C } from '../c/c.types.ts';\n");
    write('machines/d/d.machine.ts', "export const d = 1;\n");
    write('machines/c/c.types.ts', 'export type C = 1;\n');
    write('machines/c/c.test.ts', "import { d } from '../d/d.actors.ts';\n");

    it('catches every kind of violation and nothing else', () => {
      expect(findImportViolations(root).map((v) => `${v.file} -> ${v.specifier}`)).toEqual([
        'machines/a/bad.machine.ts -> ../../src/client/effects/api.ts',
        'machines/a/bad.machine.ts -> ky',
        'machines/a/bad.machine.ts -> react',
        'machines/kyc/kyc.machine.ts -> ../admin/review/review.machine.ts',
        'src/client/admin/views/Page.tsx -> ../../effects/api-client.ts',
        'src/client/admin/views/Page.tsx -> ../shell/AdminShell.tsx',
        'src/client/bad.tsx -> ../server/app.ts',
        'src/client/bad.tsx -> node:fs',
        'src/client/ui/Widget.tsx -> ../admin/admin-api.ts',
        'src/client/ui/Widget.tsx -> ../app/session-context.tsx',
        'src/client/views/kyc/Leaks.tsx -> ../../../../machines/admin/review/review.machine.ts',
        'src/client/views/kyc/Leaks.tsx -> ../../admin/views/Queue.tsx',
        'src/server/bad.ts -> ../../machines/a/a.machine.ts',
        'src/server/bad.ts -> ../client/view.tsx',
        'src/server/routes/admin/kyc.routes.ts -> ../../http/bearer-auth.ts',
        'src/server/routes/kyc.routes.ts -> ../domain/admin/decide-kyc.ts',
        'src/server/routes/kyc.routes.ts -> ../http/staff-auth.ts',
        'src/server/routes/kyc.routes.ts -> ./admin/kyc.routes.ts',
        'src/shared/bad.ts -> ../../machines/a/a.machine.ts',
        'src/shared/bad.ts -> zod',
      ]);
    });

    it('finds circles between files and between folders, and none where imports run one way', () => {
      expect(findImportCircles(root)).toEqual({
        files: [['src/client/views/b/Item.tsx', 'src/client/views/b/Page.tsx']],
        folders: [['machines/c', 'machines/d']],
      });
    });
  });
});
