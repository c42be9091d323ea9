import { describe, expect, it } from 'vitest';
import { lighthouseFailures, type LighthouseRun } from './lighthouse.ts';

const run = (performance: number, overrides: Partial<LighthouseRun> = {}): LighthouseRun => ({
  scores: { performance, accessibility: 1, 'best-practices': 1 },
  lcpMs: 1000,
  tbtMs: 0,
  cls: 0,
  transferBytes: 1,
  failing: { performance: performance < 0.9 ? ['largest-contentful-paint (0.50)'] : [], accessibility: [], 'best-practices': [] },
  finalPath: '/auth/login',
  runtimeError: null,
  ...overrides,
});

describe('lighthouseFailures', () => {
  it('judges the run with the median performance score, on the pages with goals only', () => {
    const result = {
      lighthouseVersion: '12.8.2',
      chromium: 'x',
      pages: [
        // Median of 0.99, 0.50, 0.98 is 0.98: met, the one slow run does not fail it.
        { label: 'login', path: '/auth/login', goals: true, runs: [run(0.99), run(0.5), run(0.98)] },
        { label: 'process', path: '/process/disclosure', goals: false, runs: [run(0.4, { finalPath: '/process/disclosure' })] },
      ],
    };
    expect(lighthouseFailures(result)).toEqual([]);
  });

  it('fails a score below its goal with that category\'s failing audits, and a page that was not the one asked for', () => {
    const slow = run(0.8, { scores: { performance: 0.8, accessibility: 0.95, 'best-practices': 1 }, failing: { performance: ['lcp'], accessibility: ['color-contrast'], 'best-practices': [] } });
    const result = {
      lighthouseVersion: '12.8.2',
      chromium: 'x',
      pages: [
        { label: 'register', path: '/auth/register', goals: true, runs: [{ ...slow, finalPath: '/auth/register' }] },
        { label: 'process', path: '/process/disclosure', goals: false, runs: [run(0.99, { finalPath: '/auth/login' })] },
      ],
    };
    expect(lighthouseFailures(result)).toEqual([
      'Lighthouse /auth/register: performance 0.8 (goal >= 0.98; its failing audits: lcp)',
      'Lighthouse /auth/register: accessibility 0.95 (goal >= 1; its failing audits: color-contrast)',
      'Lighthouse /process/disclosure: the page shown was /auth/login, not the one asked for',
    ]);
  });
});
