// @vitest-environment happy-dom
/**
 * The dashboard with a fake AdminApi and Chartist replaced (its drawing is decoration; the charts' data is checked):
 * the money figures, the funnel and decisions as tables for screen readers, the charts given the same numbers,
 * Refresh asking again, a failure shown in the server's words.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardResponse } from '../../../shared/admin/dashboard.ts';
import { AdminApiError, type AdminApi } from '../admin-api.ts';
import type { AdminPageProps } from '../admin-page-props.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Series = number[] | { data: number[]; className?: string };
const drawn: { data: { labels: string[]; series: Series[] }; options: Record<string, unknown> }[] = [];
vi.mock('chartist', () => ({
  BarChart: class {
    constructor(_el: Element, data: { labels: string[]; series: Series[] }, options: Record<string, unknown>) {
      drawn.push({ data, options });
    }
    detach() {}
  },
  Svg: class {
    attr() {
      return this;
    }
  },
}));
vi.mock('chartist/dist/index.css', () => ({}));

const { default: DashboardPage } = await import('./DashboardPage.tsx');

const FIGURES: DashboardResponse = {
  funnel: [
    { step: 'disclosure', investors: 7 },
    { step: 'kyc', investors: 4 },
    { step: 'agreements', investors: 2 },
    { step: 'payment', investors: 1 },
    { step: 'complete', investors: 1 },
  ],
  outcomes: [
    { outcome: 'rejected', investors: 3 },
    { outcome: 'refunded', investors: 1 },
    { outcome: 'withdrawn', investors: 0 },
  ],
  withdrawalsRecorded: false,
  investors: 19,
  money: { committedEur: 375_000, paidEur: 50_000, refundedEur: 0 },
  kycNow: { UNDER_REVIEW: 3, APPROVED: 2 },
  kycDecisions: Array.from({ length: 30 }, (_, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, approved: i === 29 ? 2 : 0, rejected: i === 28 ? 1 : 0, other: 0 })),
  days: 30,
  asOf: '2026-11-30T12:00:00.000Z',
};

function fakeApi(get: AdminApi['get']): AdminApi {
  return { get, post: vi.fn(), put: vi.fn(), delete: vi.fn(), upload: vi.fn(), blob: vi.fn() } as unknown as AdminApi;
}
const props = (api: AdminApi): AdminPageProps => ({ api, staff: { id: 's', email: 'a@foundation.example', displayName: 'A', roles: ['finance'] }, subPath: '', navigate: () => {} });

afterEach(() => {
  cleanup();
  drawn.length = 0;
});

describe('DashboardPage', () => {
  it('shows the figures, tables of the same numbers, and draws them', async () => {
    render(<DashboardPage {...props(fakeApi(vi.fn(async () => FIGURES) as AdminApi['get']))} />);
    expect(await screen.findByText('€375,000')).toBeTruthy();
    expect(screen.getByText('€50,000')).toBeTruthy();
    expect(screen.getAllByText('€0').length).toBeGreaterThan(0);
    const funnel = screen.getByRole('table', { name: 'Investors per step' });
    expect([...funnel.querySelectorAll('tbody tr')].map((r) => r.textContent)).toEqual([
      'Disclosure7',
      'KYC4',
      'Agreements2',
      'Payment1',
      'Complete1',
      'Rejected3',
      'Refunded1',
      'Withdrawnnot recorded',
    ]);
    // Paid and Refunded are stated on one definition; the page says that withdrawals are not recorded.
    expect(screen.getByText(/both include the processing fee/)).toBeTruthy();
    expect(screen.getByText(/does not record withdrawn subscriptions/)).toBeTruthy();
    const decisions = screen.getByRole('table', { name: /KYC decisions per day/ });
    expect([...decisions.querySelectorAll('tbody tr')].map((r) => r.textContent)).toEqual(['2026-11-29010', '2026-11-30200']);
    await waitFor(() => expect(drawn.map((d) => d.data.labels.length)).toEqual([8, 30]));
    expect(drawn[0]!.data).toEqual({
      labels: ['Disclosure', 'KYC', 'Agreements', 'Payment', 'Complete', 'Rejected', 'Refunded', 'Withdrawn'],
      series: [
        { data: [7, 4, 2, 1, 1, 0, 0, 0], className: 'dashboard-series-steps' },
        { data: [0, 0, 0, 0, 0, 3, 1, 0], className: 'dashboard-series-outcomes' },
      ],
    });
    expect(drawn[0]!.options.horizontalBars).toBe(true);
    expect(drawn[1]!.data.series.map((s) => (Array.isArray(s) ? s : s.data).reduce((a, b) => a + b, 0))).toEqual([2, 1, 0]);
    // "As of" in the staff member's own format, the time zone named (issue 29).
    const asOf = screen.getByText(/^As of/);
    expect(asOf.querySelector('time')!.getAttribute('datetime')).toBe('2026-11-30T12:00:00.000Z');
    expect(asOf.querySelector('time')!.textContent).toMatch(/(UTC|GMT|[A-Z]{2,5})([+-]\d+)?$/);
  });

  it("Refresh asks again; a failure shows the server's words beside the figures", async () => {
    const get = vi.fn().mockResolvedValueOnce(FIGURES).mockRejectedValueOnce(new AdminApiError(503, 'Maintenance until noon.'));
    render(<DashboardPage {...props(fakeApi(get as AdminApi['get']))} />);
    await screen.findByText('€375,000');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Maintenance until noon.');
    expect(screen.getByText('€375,000')).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(2);
  });
});
