/**
 * The accessibility sweep: axe-core (every rule it has, any impact) on a screen at the widths investors use, with a
 * screenshot of each, and the layout checks of layout.ts (no step label broken inside a word, nothing scrolling
 * sideways). Results are collected per screen so one run reports every screen, and written to
 * test-results/axe-report.json; the test fails on any violation or layout problem.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR, screenshot } from './browser.ts';
import { brokenWords, sidewaysOverflow } from './layout.ts';

export const WIDTHS = [1280, 375] as const;

export type AxeFinding = {
  screen: string;
  width: number;
  title: string;
  violations: { id: string; impact: string | null | undefined; targets: string[] }[];
  brokenWords: string[];
  overflowPx: number;
};

export function axeSweep() {
  const findings: AxeFinding[] = [];
  return {
    findings,
    /** Runs axe on what `page` shows now, at each width (the page is back at 1280 px afterwards). */
    async check(page: Page, screen: string, widths: readonly number[] = WIDTHS) {
      const original = page.viewportSize() ?? { width: 1280, height: 800 };
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        // Layout and any resize-driven rendering (the PDF viewer fits its page) settle first.
        await page.waitForTimeout(300);
        const result = await new AxeBuilder({ page }).analyze();
        findings.push({
          screen,
          width,
          title: await page.title(),
          violations: result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) })),
          brokenWords: await brokenWords(page),
          overflowPx: await sidewaysOverflow(page),
        });
        await screenshot(page, `axe-${screen}-${width}`);
      }
      await page.setViewportSize(original);
    },
    /** Writes the report and answers the screens with a problem ('screen @ width: rule [impact] (targets), ...'). */
    report(): string[] {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      writeFileSync(join(SCREENSHOT_DIR, '..', 'axe-report.json'), JSON.stringify(findings, null, 2));
      return findings.flatMap((f) => {
        const problems = [
          ...f.violations.map((v) => `${v.id} [${v.impact}] (${v.targets.join(' | ')})`),
          ...f.brokenWords.map((w) => `word broken: ${w}`),
          ...(f.overflowPx > 0 ? [`scrolls sideways by ${f.overflowPx} px`] : []),
        ];
        return problems.length ? [`${f.screen} @ ${f.width}: ${problems.join(', ')}`] : [];
      });
    },
  };
}
