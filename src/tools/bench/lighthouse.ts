/**
 * Lighthouse (mobile, the default form factor; simulated throttling) on /auth/login, /auth/register and one signed-in
 * process page, each run in a Chromium of its own (fresh profile, so a cold cache) that this file launches with the
 * project's flags and a DevTools port (debuggable-chromium.ts), which Lighthouse is handed. Lighthouse connects to a
 * running browser, so these flags are the Chromium's own command line (its chromeFlags option only applies to a
 * Chromium it launches itself).
 * The signed-in page: an investor registered through the API (bench-session.ts); its session is put in localStorage
 * the way the app keeps it (src/client/effects/session-storage.ts) before Lighthouse loads the page. Lighthouse's
 * storage reset leaves localStorage alone by default (clearStorageTypes) and still empties the HTTP cache.
 */
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { STORAGE_KEYS } from '../../shared/auth.ts';
import { registerBenchSession } from './bench-session.ts';
import { launchDebuggableChromium } from './debuggable-chromium.ts';
import { kb, median, table } from './markdown.ts';
import { READY_PATH } from './spawn-server.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];

export const LIGHTHOUSE_BENCH = {
  runs: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
  /** Goals on the signed-out pages; the signed-in page is reported only. */
  goals: { performance: 0.98, accessibility: 1, 'best-practices': 1 } satisfies Record<Category, number>,
  pages: [
    { label: '/auth/login', path: '/auth/login', signedIn: false, goals: true },
    { label: '/auth/register', path: '/auth/register', signedIn: false, goals: true },
    { label: '/process/disclosure (signed in, first step of a new investor)', path: '/process/disclosure', signedIn: true, goals: false },
  ],
};

export interface LighthouseRun {
  scores: Record<Category, number | null>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferBytes: number;
  /** Per category, its audits scored below 0.9 (Lighthouse's own pass line) or that could not run. */
  failing: Record<Category, string[]>;
  finalPath: string;
  runtimeError: string | null;
}

export interface LighthousePage {
  label: string;
  path: string;
  goals: boolean;
  runs: LighthouseRun[];
}

export interface LighthouseResult {
  lighthouseVersion: string;
  chromium: string;
  pages: LighthousePage[];
}

/** Puts the session in the profile's localStorage for the portal's origin, from a small JSON page (no app script cached). */
async function signIn(port: number, baseUrl: string, session: { token: string; user: { userDetailsId: string } }): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(baseUrl + READY_PATH);
    await page.evaluate(
      ([keys, token, user]) => {
        localStorage.setItem(keys.token, token);
        localStorage.setItem(keys.user, user);
        localStorage.setItem(keys.userDetailsId, (JSON.parse(user) as { userDetailsId: string }).userDetailsId);
      },
      [STORAGE_KEYS, session.token, JSON.stringify(session.user)] as const,
    );
    await page.close();
  } finally {
    await browser.close(); // connected over CDP: disconnects, the browser stays
  }
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function failingAudits(lhr: Lhr, category: Category): string[] {
  return (lhr.categories[category]?.auditRefs.map((r) => r.id) ?? []).flatMap((id) => {
    const audit = lhr.audits[id];
    if (!audit) return [];
    if (audit.scoreDisplayMode === 'error') return [`${id} (error)`];
    if (audit.score === null || ['notApplicable', 'informative', 'manual'].includes(audit.scoreDisplayMode)) return [];
    return audit.score < 0.9 ? [audit.scoreDisplayMode === 'binary' ? id : `${id} (${audit.score.toFixed(2)})`] : [];
  });
}

async function runOnce(baseUrl: string, path: string, session: { token: string; user: { userDetailsId: string } } | null): Promise<{ run: LighthouseRun; version: string; chromium: string }> {
  const browser = await launchDebuggableChromium();
  try {
    if (session) await signIn(browser.port, baseUrl, session);
    const result = await lighthouse(baseUrl + path, { port: browser.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
    const { lhr } = result;
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      version: lhr.lighthouseVersion,
      chromium: browser.version,
      run: {
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null])) as Record<Category, number | null>,
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        transferBytes: numeric('total-byte-weight'),
        failing: Object.fromEntries(CATEGORIES.map((c) => [c, failingAudits(lhr, c)])) as Record<Category, string[]>,
        finalPath: new URL(lhr.finalDisplayedUrl).pathname,
        runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
      },
    };
  } finally {
    await browser.close();
  }
}

/** `dataDir`: the portal's DATA_DIR (the login code of the signed-in investor arrives in its outbox). */
export async function measureLighthouse(baseUrl: string, dataDir: string): Promise<LighthouseResult> {
  const pages: LighthousePage[] = [];
  let lighthouseVersion = '';
  let chromiumVersion = '';
  for (const p of LIGHTHOUSE_BENCH.pages) {
    const session = p.signedIn ? await registerBenchSession(baseUrl, dataDir) : null;
    const runs: LighthouseRun[] = [];
    for (let i = 1; i <= LIGHTHOUSE_BENCH.runs; i++) {
      console.log(`[bench] Lighthouse ${p.path} (run ${i}/${LIGHTHOUSE_BENCH.runs})`);
      const { run, version, chromium } = await runOnce(baseUrl, p.path, session);
      runs.push(run);
      lighthouseVersion = version;
      chromiumVersion ||= chromium;
    }
    pages.push({ label: p.label, path: p.path, goals: p.goals, runs });
  }
  return { lighthouseVersion, chromium: chromiumVersion, pages };
}

/** The run whose performance score is the median one (the figures in a row come from one run, not mixed). */
function medianRun(page: LighthousePage): LighthouseRun {
  const sorted = [...page.runs].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

export function lighthouseFailures(result: LighthouseResult): string[] {
  const failures: string[] = [];
  for (const page of result.pages) {
    for (const run of page.runs) {
      if (run.runtimeError) failures.push(`Lighthouse ${page.path}: ${run.runtimeError}`);
      if (run.finalPath !== page.path) failures.push(`Lighthouse ${page.path}: the page shown was ${run.finalPath}, not the one asked for`);
    }
    if (!page.goals) continue;
    const run = medianRun(page);
    for (const c of CATEGORIES) {
      const score = run.scores[c];
      if (score === null || score < LIGHTHOUSE_BENCH.goals[c]) {
        failures.push(`Lighthouse ${page.path}: ${c} ${score ?? 'n/a'} (goal >= ${LIGHTHOUSE_BENCH.goals[c]}; its failing audits: ${run.failing[c].join(', ') || 'none'})`);
      }
    }
  }
  return failures;
}

const score = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));

export function lighthouseSection(result: LighthouseResult): string {
  const rows = result.pages.map((page) => {
    const run = medianRun(page);
    return [
      page.label,
      page.runs.map((r) => score(r.scores.performance)).join(', '),
      ...CATEGORIES.map((c) => `**${score(run.scores[c])}**${page.goals && (run.scores[c] ?? 0) < LIGHTHOUSE_BENCH.goals[c] ? ' (NOT MET)' : ''}`),
      `${(run.lcpMs / 1000).toFixed(2)} s`,
      `${run.tbtMs.toFixed(0)} ms`,
      run.cls.toFixed(3),
      kb(run.transferBytes),
      CATEGORIES.filter((c) => run.failing[c].length).map((c) => `${c}: ${run.failing[c].join(', ')}`).join('; ') || 'none',
    ];
  });
  const g = LIGHTHOUSE_BENCH.goals;
  return [
    `Lighthouse ${result.lighthouseVersion}, mobile (its default form factor and simulated throttling), categories ${CATEGORIES.join(', ')};`,
    `Chromium ${result.chromium} launched by the bench per run (fresh profile: cold cache) with the project's flags, host resolution limited to 127.0.0.1.`,
    `${LIGHTHOUSE_BENCH.runs} run(s) per page (BENCH_LIGHTHOUSE_RUNS); the figures are those of the run with the median performance score (median performance: ${result.pages.map((p) => `${p.path} ${score(median(p.runs.map((r) => r.scores.performance ?? 0)))}`).join(', ')}).`,
    `Goals on /auth/login and /auth/register: performance >= ${g.performance}, accessibility ${g.accessibility.toFixed(1)}, best practices ${g['best-practices'].toFixed(1)}; the signed-in page is reported only.`,
    'Failing audits: those of the three categories scored below 0.9, with the score when it is not pass/fail. Bytes: total-byte-weight (transferred).',
    '',
    table(['page', 'performance each run', 'performance', 'accessibility', 'best practices', 'LCP', 'TBT', 'CLS', 'transferred', 'failing audits'], rows),
  ].join('\n');
}
