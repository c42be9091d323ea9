/**
 * The report sections for the document viewer: time to the first rendered PDF page (disclosure-pdf.ts), and the
 * size of the JavaScript only a shown viewer loads, taken from dist/assets and gzipped like the login JS.
 */
import { basename } from 'node:path';
import { gzipSync } from 'node:zlib';
import { OPEN_CASES, pathOf, PDF_BENCH, type FirstPdfPageResult, type OpenCase } from './disclosure-pdf.ts';
import type { ProbeAnswer, ProbeResource } from './first-paint-probe.ts';
import { kb, median, ms, table } from './markdown.ts';

const CASE_LABEL: Record<OpenCase, string> = {
  cold: 'cold: first opening in a new browser context',
  warm: 'warm: same context, page loaded again',
  reopen: 'reopen: closed and opened again on that page',
};

const VIEWER_CHUNK = /^\/assets\/DocumentViewer-[^/]+\.js$/;
const PDFJS_CHUNK = /^\/assets\/pdf-[^/]+\.js$/;
const PDF_PATH = /^\/api\/disclosure\/pdf\//;
const PDFJS_WORKER = /^\/assets\/pdf\.worker[^/]*\.m?js$/;

/**
 * What the viewer asks for after the click, in order. Only the arrival of the worker: in Chromium its Resource
 * Timing entry has a startTime later than its responseEnd.
 */
const MILESTONES: { label: string; match: RegExp; at: 'startMs' | 'endMs' }[] = [
  { label: 'viewer chunk arrived', match: VIEWER_CHUNK, at: 'endMs' },
  { label: 'pdf.js chunk requested', match: PDFJS_CHUNK, at: 'startMs' },
  { label: 'pdf.js chunk arrived', match: PDFJS_CHUNK, at: 'endMs' },
  { label: 'PDF requested', match: PDF_PATH, at: 'startMs' },
  { label: 'PDF arrived', match: PDF_PATH, at: 'endMs' },
  { label: 'worker arrived', match: PDFJS_WORKER, at: 'endMs' },
];
const VIEWER_CODE = [VIEWER_CHUNK, PDFJS_CHUNK, PDFJS_WORKER];

/** Vite's file name without its content hash: DocumentViewer-BfflNHzr.js -> DocumentViewer. */
const chunkName = (path: string) => basename(path).replace(/-[\w-]{8}\.m?js$/, '');

function sourceOf(resource: ProbeResource | undefined): string {
  if (!resource) return 'not fetched (already loaded)';
  if (resource.deliveryType === 'cache') return resource.transferSize > 0 ? 'revalidated (304)' : 'HTTP cache';
  return 'network';
}

/** How each file reached the page over the runs, e.g. "network (3 files, 1650.3 KB)" or per file when they differ. */
function sourcesOf(opens: ProbeAnswer[], paths: string[]): string {
  const perFile = paths.map((path) => {
    const counts = new Map<string, number>();
    for (const open of opens) {
      const source = sourceOf(open.resources.find((r) => pathOf(r) === path));
      counts.set(source, (counts.get(source) ?? 0) + 1);
    }
    const text = [...counts].map(([source, n]) => (counts.size > 1 ? `${source} x${n}` : source)).join(', ');
    return { name: chunkName(path), text };
  });
  const transferred = median(opens.map((o) => o.resources.filter((r) => paths.includes(pathOf(r))).reduce((sum, r) => sum + r.transferSize, 0)));
  const bytes = transferred > 0 ? `, ${kb(transferred)} transferred` : '';
  if (perFile.every((f) => f.text === perFile[0]?.text)) return `${perFile[0]?.text ?? 'none'} (${perFile.length} files${bytes})`;
  const groups = new Map<string, string[]>();
  for (const f of perFile) groups.set(f.text, [...(groups.get(f.text) ?? []), f.name]);
  return [...groups].map(([text, names]) => `${names.join(', ')}: ${text}`).join('; ') + (bytes ? ` (${bytes.slice(2)})` : '');
}

function pdfSourceOf(opens: ProbeAnswer[]): string {
  const sources = new Set(opens.map((o) => sourceOf(o.resources.find((r) => PDF_PATH.test(pathOf(r))))));
  return [...sources].join(' / ');
}

function milestoneMs(opens: ProbeAnswer[], { match, at }: (typeof MILESTONES)[number]): string {
  const ends = opens.flatMap((o) => o.resources.filter((r) => match.test(pathOf(r))).map((r) => r[at]));
  if (ends.length === 0) return '-';
  return ends.length === opens.length ? ms(median(ends)) : `${ms(median(ends))} (${ends.length} of ${opens.length} runs)`;
}

export function firstPageSection(result: FirstPdfPageResult): string {
  const lazy = result.lazyScripts.map((s) => s.path).filter(isViewerCode);
  const timeTable = table(
    ['opening', 'runs', 'min', 'median', 'max', 'each run, in order', 'lazy JS (viewer, pdf.js, worker)', 'PDF'],
    OPEN_CASES.map((c) => {
      const times = result.opens[c].map((o) => o.ms);
      return [
        CASE_LABEL[c],
        String(times.length),
        ms(Math.min(...times)),
        `**${ms(median(times))}**`,
        ms(Math.max(...times)),
        times.map((t) => t.toFixed(0)).join(', '),
        sourcesOf(result.opens[c], lazy),
        pdfSourceOf(result.opens[c]),
      ];
    }),
  );
  const milestoneTable = table(
    ['opening', ...MILESTONES.map((m) => m.label), 'first painted page'],
    OPEN_CASES.map((c) => [CASE_LABEL[c].split(':')[0]!, ...MILESTONES.map((m) => milestoneMs(result.opens[c], m)), ms(median(result.opens[c].map((o) => o.ms)))]),
  );
  return [
    `One ${PDF_BENCH.pages}-page section (createLongPdf; the PDF is ${kb(result.pdfBytes)}, ${result.pdfBytes} bytes) in a fresh data dir,`,
    `served with the built client by the portal running inside the bench's process; Chromium headless, ${PDF_BENCH.viewport}.`,
    'Timed in the page from just before the click on the section header to the first animation frame in which a canvas of',
    'the viewer holds non-white pixels (resolution: one frame). Each run uses a new browser context, so its HTTP cache',
    `starts empty; ${PDF_BENCH.runs} runs of each opening (with ${PDF_BENCH.runs} runs, p95 would be the max, so min/median/max are given).`,
    '',
    timeTable,
    '',
    "Median time after the click at which each piece was requested or had arrived (Resource Timing startTime and",
    'responseEnd; "-": not fetched):',
    '',
    milestoneTable,
  ].join('\n');
}

export interface ChunkRow {
  path: string;
  bytes: number;
  gzipBytes: number;
  onLogin: boolean;
  /** Fetched while the page showed, before any section opened (the early start), not after the click. */
  beforeOpen: boolean;
}

/** Sizes of the built files (what the server sends); gzip at zlib's default level, as login-js.ts does. */
/** The viewer's code (its chunk, pdf.js, the worker): started when a page with a viewer shows, or after the click. */
export function lazyChunkRows(result: FirstPdfPageResult, loginPaths: readonly string[]): ChunkRow[] {
  return result.lazyScripts
    .filter(({ path }) => isViewerCode(path))
    .map(({ path, body }) => ({
      path,
      bytes: body.byteLength,
      gzipBytes: gzipSync(body).byteLength,
      onLogin: loginPaths.includes(path),
      beforeOpen: result.scriptsBeforeOpen.includes(path),
    }));
}

const isViewerCode = (path: string) => VIEWER_CODE.some((m) => m.test(path));
/** Viewer code among the scripts /process/disclosure loads before a section opens: started early on purpose. */
const viewerCodeBeforeOpen = (result: FirstPdfPageResult) => result.scriptsBeforeOpen.filter(isViewerCode);

export function lazyChunkSection(rows: ChunkRow[], result: FirstPdfPageResult, loginPaths: readonly string[]): string {
  const total = rows.reduce((a, r) => ({ bytes: a.bytes + r.bytes, gzip: a.gzip + r.gzipBytes }), { bytes: 0, gzip: 0 });
  const yesNo = (v: boolean) => (v ? '**YES**' : 'no');
  return [
    "The viewer's code (its chunk, pdf.js and the pdf.js worker), sized from the build (dist/assets); gzip at zlib's default",
    'level, as for /auth/login. A page with a viewer starts fetching it as it shows (so opening a section waits for none of',
    'it); /auth/login must load none of it.',
    '',
    table(
      ['script', 'bytes', 'gzip', 'fetched', 'loaded by /auth/login'],
      [
        ...rows.map((r) => [`\`${r.path}\``, kb(r.bytes), kb(r.gzipBytes), r.beforeOpen ? 'when /process/disclosure showed' : 'after the click', yesNo(r.onLogin)]),
        [`**total (${rows.length} files)**`, `**${kb(total.bytes)}**`, `**${kb(total.gzip)}**`, '', yesNo(rows.some((r) => r.onLogin))],
      ],
    ),
    '',
    `Scripts /process/disclosure had loaded before a section opened: ${
      result.scriptsBeforeOpen.map((p) => `\`${p}\`${loginPaths.includes(p) ? '' : ' (not loaded by /auth/login)'}`).join(', ') || 'none'
    }`,
    `(viewer code among them: ${viewerCodeBeforeOpen(result).join(', ') || 'none'}).`,
  ].join('\n');
}

export function viewerFailures(rows: ChunkRow[], result: FirstPdfPageResult): string[] {
  return [
    ...(rows.length === 0 ? ['no viewer code (viewer chunk, pdf.js, worker) was fetched by /process/disclosure: is the viewer still split off?'] : []),
    ...rows.filter((r) => r.onLogin).map((r) => `viewer chunk loaded on /auth/login: ${r.path}`),
  ];
}
