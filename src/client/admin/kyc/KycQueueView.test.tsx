// @vitest-environment happy-dom
/**
 * The queue page with a fake AdminApi (the chart, selectors and view are real): each row's age, country and overdue
 * mark as the server gives them; the order and the country filter chosen are sent in the query when applied.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KycQueueResponse, KycQueueRow } from '../../../shared/admin/kyc-review.ts';
import type { AdminApi } from '../admin-api.ts';
import { KycReviewPage } from './KycReviewPage.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const row = (i: number, over: Partial<KycQueueRow>): KycQueueRow => ({
  userId: `00000000-0000-4000-8000-00000000000${i}`,
  name: `Investor ${i}`,
  email: `i${i}@example.com`,
  investorType: 'INDIVIDUAL',
  investmentAmount: 25_000,
  submittedAt: '2026-11-21T10:00:00.000Z',
  reviewRound: 1,
  approvals: 0,
  fourEyes: false,
  assignee: null,
  country: 'uk',
  ageHours: 0,
  overdue: false,
  ...over,
});
const PAGE: KycQueueResponse = {
  rows: [row(1, { ageHours: 75, overdue: true, country: 'eu' }), row(2, { ageHours: 5 })],
  nextCursor: null,
  fourEyesAboveEur: 100_000,
  reviewTargetHours: 48,
  asOf: '2026-11-24T13:00:00.000Z',
};

afterEach(cleanup);

describe('KYC queue page', () => {
  it('shows age, country and the overdue mark; sends the chosen order and country', async () => {
    const get = vi.fn(async () => PAGE);
    const api = { get, post: vi.fn(), put: vi.fn(), delete: vi.fn(), upload: vi.fn(), blob: vi.fn() } as unknown as AdminApi;
    render(<KycReviewPage api={api} staff={{ id: 's1', roles: ['compliance'] }} subPath="" navigate={vi.fn()} />);
    const first = (await screen.findByText('Investor 1')).closest('li')!;
    expect(first.textContent).toMatch(/European Union/);
    expect(first.textContent).toMatch(/waiting 3 d 3 h · Overdue/);
    expect(first.className).toContain('kyc-review__row--overdue');
    const second = screen.getByText('Investor 2').closest('li')!;
    expect(second.textContent).toMatch(/waiting 5 h/);
    expect(second.textContent).not.toMatch(/Overdue/);
    expect(screen.getByText(/Review target: 2 d from submission/)).toBeTruthy();
    expect(get).toHaveBeenLastCalledWith('/api/admin/kyc/cases?status=UNDER_REVIEW&sort=oldest', expect.anything());

    fireEvent.change(screen.getByLabelText('Order'), { target: { value: 'amount' } });
    fireEvent.change(screen.getByLabelText('Country of residence'), { target: { value: 'us' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Apply' })));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith('/api/admin/kyc/cases?status=UNDER_REVIEW&sort=amount&country=us', expect.anything()));
  });
});
