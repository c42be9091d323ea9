/** The JavaScript a first visit to /auth/login downloads, measured in Debian's Chromium. */
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';
import { kb, table } from './markdown.ts';

export interface ScriptLoad {
  path: string;
  bytes: number;
  gzipBytes: number;
  /** Why this looks like pdf.js (file name or content), or null. */
  pdfjs: string | null;
  /** Why this looks like the staff back-office's code (issue 15: the investor pages load none of it), or null. */
  backOffice: string | null;
}

const isScript = (r: Response) =>
  /javascript|ecmascript/.test(r.headers()['content-type'] ?? '') || /\.m?js(\?|$)/.test(new URL(r.url()).pathname);

function pdfjsReason(path: string, body: Buffer): string | null {
  const file = path.split('/').pop() ?? '';
  if (/^pdf([.-]|\.worker)/.test(file)) return `file name ${file}`;
  // Only pdf.js itself defines these; a lazy import() of its chunk does not contain them.
  if (body.includes('GlobalWorkerOptions') && body.includes('getDocument')) return 'pdf.js code inside the bundle';
  return null;
}

function backOfficeReason(path: string, body: Buffer): string | null {
  const file = path.split('/').pop() ?? '';
  if (/^admin[.-]/.test(file)) return `file name ${file}`;
  // The back-office's token key (src/client/admin/admin-token.ts): only its code names it.
  if (body.includes('g2g.admin.token')) return 'back-office code inside the bundle';
  return null;
}

export async function measureLoginScripts(baseUrl: string): Promise<{ chromium: string; scripts: ScriptLoad[] }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage();
    const pending: Promise<ScriptLoad>[] = [];
    page.on('response', (response) => {
      if (!isScript(response)) return;
      pending.push(
        response.body().then((body) => {
          const path = new URL(response.url()).pathname;
          return { path, bytes: body.byteLength, gzipBytes: gzipSync(body).byteLength, pdfjs: pdfjsReason(path, body), backOffice: backOfficeReason(path, body) };
        }),
      );
    });
    const response = await page.goto(`${baseUrl}/auth/login`, { waitUntil: 'networkidle' });
    if (response?.status() !== 200) throw new Error(`/auth/login answered ${response?.status()}`);
    const loads = await Promise.all(pending);
    return { chromium: browser.version(), scripts: loads.sort((a, b) => a.path.localeCompare(b.path)) };
  } finally {
    await browser.close();
  }
}

/** Issue 14: the JavaScript a first visit to /auth/login loads, gzipped (zlib's default level), at most this. */
export const LOGIN_JS_BUDGET_GZIP_BYTES = 100 * 1024;

const totalOf = (scripts: ScriptLoad[]) => scripts.reduce((a, s) => ({ bytes: a.bytes + s.bytes, gzip: a.gzip + s.gzipBytes }), { bytes: 0, gzip: 0 });

export function loginScriptFailures(scripts: ScriptLoad[]): string[] {
  const gzip = totalOf(scripts).gzip;
  return [
    ...scripts.filter((s) => s.pdfjs).map((s) => `pdf.js loaded on /auth/login: ${s.path} (${s.pdfjs})`),
    ...scripts.filter((s) => s.backOffice).map((s) => `back-office code loaded on /auth/login: ${s.path} (${s.backOffice})`),
    ...(gzip > LOGIN_JS_BUDGET_GZIP_BYTES ? [`/auth/login loads ${kb(gzip)} of JavaScript gzipped (goal <= ${kb(LOGIN_JS_BUDGET_GZIP_BYTES)})`] : []),
  ];
}

export function loginScriptSection(scripts: ScriptLoad[]): string {
  const total = totalOf(scripts);
  const anyPdfjs = scripts.some((s) => s.pdfjs);
  return [
    `Every script Chromium fetched until the network was idle, sized decoded and gzipped here at zlib's default level; goal <= ${kb(LOGIN_JS_BUDGET_GZIP_BYTES)} gzipped: ${total.gzip <= LOGIN_JS_BUDGET_GZIP_BYTES ? 'met' : '**NOT MET**'}.`,
    '',
    table(
      ['script', 'bytes', 'gzip', 'pdf.js', 'back-office'],
      [
        ...scripts.map((s) => [`\`${s.path}\``, kb(s.bytes), kb(s.gzipBytes), s.pdfjs ?? 'no', s.backOffice ?? 'no']),
        [`**total (${scripts.length} files)**`, `**${kb(total.bytes)}**`, `**${kb(total.gzip)}**`, anyPdfjs ? '**YES**' : 'no', scripts.some((s) => s.backOffice) ? '**YES**' : 'no'],
      ],
    ),
  ].join('\n');
}
