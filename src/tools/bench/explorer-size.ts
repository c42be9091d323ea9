/**
 * The statechart explorer's weight in the built files (issue 16), read from dist/ without a browser: the page's chunk,
 * DiagramView's (when it is a chunk of its own), their CSS, and the generated diagram JSON chunks (the largest one and
 * all together), gzipped at zlib's default level. And the rules: none of it is in the back-office's first script, and
 * no file an investor page can load (everything reachable from dist/index.html, lazy chunks included) holds any of it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { kb, table } from './markdown.ts';

export type SizedFile = { file: string; bytes: number; gzipBytes: number };
export type ExplorerSizeResult = {
  page: SizedFile[];
  diagramView: SizedFile[];
  diagrams: SizedFile[];
  /** Explorer code or data found where it must not be: 'file (why)'. */
  leaks: string[];
};

/** Strings only the explorer's code or data contain: DiagramView's SVG class, the diagram JSON's keys, the chart's events. */
const EXPLORER_MARKERS = ['diagram-view__svg', 'initialArrows', 'explorer.replay.start'];

/** A generated diagram JSON as Vite emits it: an ES module exporting the JSON's keys. */
const isDiagramData = (text: string) => /\bas initialArrows\b/.test(text) && /\bas exportName\b/.test(text);

/** Every built file reachable from an HTML entry: its scripts and styles, then every asset file name a script names. */
export function reachableFrom(distDir: string, html: string): Set<string> {
  const assets = new Set(readdirSync(join(distDir, 'assets')).filter((f) => /\.(m?js|css)$/.test(f)));
  const seen = new Set<string>();
  const queue = [...readFileSync(join(distDir, html), 'utf8').matchAll(/\/assets\/([\w.-]+\.(?:m?js|css))/g)].map((m) => m[1]!);
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || !assets.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.js')) continue;
    for (const m of readFileSync(join(distDir, 'assets', file), 'utf8').matchAll(/([\w.-]+\.(?:m?js|css))/g)) if (assets.has(m[1]!)) queue.push(m[1]!);
  }
  return seen;
}

function sized(distDir: string, file: string): SizedFile {
  const body = readFileSync(join(distDir, 'assets', file));
  return { file, bytes: body.byteLength, gzipBytes: gzipSync(body).byteLength };
}

export function measureExplorerSize(distDir: string): ExplorerSizeResult {
  const files = readdirSync(join(distDir, 'assets')).filter((f) => /\.(js|css)$/.test(f));
  const text = (f: string) => readFileSync(join(distDir, 'assets', f), 'utf8');
  const page = files.filter((f) => /^StatechartsPage-/.test(f)).map((f) => sized(distDir, f));
  const diagramView = files.filter((f) => /^DiagramView-/.test(f)).map((f) => sized(distDir, f));
  const diagrams = files.filter((f) => f.endsWith('.js') && isDiagramData(text(f))).map((f) => sized(distDir, f)).sort((a, b) => b.gzipBytes - a.gzipBytes);
  const leaks: string[] = [];
  if (page.length === 0) leaks.push('no StatechartsPage chunk in dist/assets: the explorer page was not built as a lazy chunk');
  const adminFirst = [...readFileSync(join(distDir, 'admin.html'), 'utf8').matchAll(/\/assets\/([\w.-]+\.js)/g)].map((m) => m[1]!);
  for (const f of adminFirst) for (const marker of EXPLORER_MARKERS) if (text(f).includes(marker)) leaks.push(`${f} (the back-office's first script) holds explorer code: '${marker}'`);
  for (const f of reachableFrom(distDir, 'index.html')) {
    for (const marker of EXPLORER_MARKERS) if (text(f).includes(marker)) leaks.push(`${f} (reachable from an investor page) holds explorer code: '${marker}'`);
  }
  return { page, diagramView, diagrams, leaks };
}

export const explorerSizeFailures = (r: ExplorerSizeResult): string[] => r.leaks.map((l) => `explorer: ${l}`);

export function explorerSizeSection(r: ExplorerSizeResult): string {
  const total = r.diagrams.reduce((a, d) => a + d.gzipBytes, 0);
  const rows = [
    ...r.page.map((f) => ['explorer page', f.file, kb(f.bytes), kb(f.gzipBytes)]),
    ...(r.diagramView.length ? r.diagramView.map((f) => ['DiagramView', f.file, kb(f.bytes), kb(f.gzipBytes)]) : [['DiagramView', '(inside the page chunk)', '', '']]),
    ...r.diagrams.slice(0, 1).map((f) => ['largest diagram JSON', f.file, kb(f.bytes), kb(f.gzipBytes)]),
    ['all diagram JSONs', `${r.diagrams.length} chunks, each loaded when its chart is opened`, kb(r.diagrams.reduce((a, d) => a + d.bytes, 0)), kb(total)],
  ];
  return [
    'Lazy chunks of the back-office (`/admin/statecharts`), read from dist/assets; gzip at zlib\'s default level.',
    `The back-office's first script and every file reachable from the investor app's index.html (lazy chunks included) hold none of it: ${r.leaks.length ? '**NO**' : 'yes'}.`,
    '',
    table(['what', 'file', 'bytes', 'gzip'], rows),
    ...(r.leaks.length ? ['', ...r.leaks.map((l) => `- ${l}`)] : []),
  ].join('\n');
}
