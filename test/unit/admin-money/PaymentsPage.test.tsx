// @vitest-environment happy-dom
/**
 * The finance page (issue 15) on its real charts with a fake AdminApi: the list with the server's rows, filters sent
 * as the query, a row opening its payment, the CSV through api.blob; the payment view with the receipt form (one
 * post with a requestId, then the payment loaded again; an invalid form named field by field and nothing sent), the
 * refund's confirm step (nothing sent before Confirm), a refusal in the server's words, the history in words with
 * the staff member's name; an auditor sees no forms.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminApiError, type AdminApi } from '../../../src/client/admin/admin-api.ts';
import type { SignedInStaff } from '../../../src/client/admin/admin-pages.ts';
import PaymentsPage from '../../../src/client/admin/money/PaymentsPage.tsx';
import type { AdminPaymentDetail, AdminPaymentSummary } from '../../../src/shared/admin/money.ts';
import { moneyMessages } from '../../../src/shared/admin/money-messages.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const ID = '00000000-0000-4000-8000-000000000001';
const summary: AdminPaymentSummary = {
  id: ID,
  userId: '10000000-0000-4000-8000-000000000001',
  investorName: 'Ada Lovelace',
  investorEmail: 'ada@example.com',
  paymentMethod: 'WIRE',
  paymentStatus: 'AWAITING_FUNDS',
  settled: false,
  amount: 1000,
  processingFee: 0,
  totalAmount: 1000,
  cryptoCurrency: null,
  cryptoAmount: null,
  paymentRef: 'G2G-ABC',
  transactionId: 'G2G-ABC',
  receivedTotal: 0,
  receiptCount: 0,
  refund: null,
  issued: false,
  kycStatus: 'REJECTED',
  holdReason: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  completedAt: null,
};
const SIGNED_WALLET = `0x${'cd'.repeat(20)}`;
const REGISTRATION_WALLET = `0x${'ab'.repeat(20)}`;
const detail = (over: Partial<AdminPaymentDetail> = {}): AdminPaymentDetail => ({
  payment: summary,
  receipts: [],
  refund: null,
  issuance: null,
  audit: [],
  wallets: { signed: SIGNED_WALLET, registration: SIGNED_WALLET },
  actions: { recordReceipt: true, refund: true, issue: false },
  ...over,
});

type Call = { method: string; path: string; body?: unknown };

function fakeApi(answers: { get?: (path: string) => unknown; post?: (path: string, body: unknown) => unknown } = {}) {
  const calls: Call[] = [];
  const api: AdminApi = {
    get: async <T,>(path: string) => {
      calls.push({ method: 'GET', path });
      return (answers.get?.(path) ?? { payments: [summary], nextCursor: null }) as T;
    },
    post: async <T,>(path: string, body?: unknown) => {
      calls.push({ method: 'POST', path, body });
      const answer = answers.post?.(path, body);
      if (answer instanceof Error) throw answer;
      return (answer ?? {}) as T;
    },
    put: async () => {
      throw new Error('unused');
    },
    delete: async () => {
      throw new Error('unused');
    },
    upload: async () => {
      throw new Error('unused');
    },
    blob: async (path: string) => {
      calls.push({ method: 'BLOB', path });
      return new Blob(['payment_id\r\n'], { type: 'text/csv' });
    },
  };
  return { api, calls };
}

const staff = (roles: SignedInStaff['roles']): SignedInStaff => ({ id: 's1', email: 's@foundation.example', displayName: 'Sam', roles });

describe('the payments list', () => {
  it('shows the rows, sends filters as the query, opens a payment, and downloads a CSV through the API client', async () => {
    const { api, calls } = fakeApi();
    const opened: string[] = [];
    const saved: string[] = [];
    render(<PaymentsPage api={api} staff={staff(['finance'])} subPath="" navigate={(p) => opened.push(p)} save={(_, name) => saved.push(name)} />);
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(calls[0]).toEqual({ method: 'GET', path: '/api/admin/payments' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'ON_HOLD' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' ada ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ method: 'GET', path: '/api/admin/payments?status=ON_HOLD&q=ada' }));
    fireEvent.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
    expect(opened).toEqual([`/payments/${ID}`]);
    fireEvent.click(screen.getByRole('button', { name: 'Download payments CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'BLOB')).toEqual([{ method: 'BLOB', path: '/api/admin/exports/payments.csv' }]);
    expect(saved[0]).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});

describe('one payment', () => {
  it('records a receipt once with a requestId, then shows the payment as the server has it', async () => {
    let receipts = 0;
    const { api, calls } = fakeApi({
      get: () =>
        receipts === 0
          ? detail()
          : detail({
              receipts: [{ id: 'r', amount: 1000, receivedOn: '2026-11-24', reference: 'SEPA-1', referenceKind: 'bank-reference', staffId: 's1', staffName: 'Ana Ruiz', recordedAt: '2026-11-24T10:00:00.000Z' }],
              audit: [{ action: 'admin.money.receipt', staffId: 's1', staffName: 'Ana Ruiz', detail: { role: 'finance', amountCents: 100_000 }, at: '2026-11-24T10:00:00.000Z' }],
              actions: { recordReceipt: false, refund: false, issue: false },
            }),
      post: () => void receipts++,
    });
    render(<PaymentsPage api={api} staff={staff(['finance'])} subPath={`/${ID}`} navigate={() => {}} />);
    // The date starts at the staff member's today (given to the chart by the page).
    expect((await screen.findByLabelText(/Received on/) as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // An empty form is refused field by field, focus on the first, and nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Record receipt' }));
    expect(await screen.findByText(moneyMessages.amountInvalid)).toBeTruthy();
    expect(screen.getByText(moneyMessages.referenceRequired)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Amount received \(EUR\)/)));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/Amount received \(EUR\)/), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText(/Bank reference/), { target: { value: 'SEPA-1' } });
    expect(screen.queryByText(moneyMessages.amountInvalid)).toBeNull();
    const submit = screen.getByRole('button', { name: 'Record receipt' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText('Receipt recorded.')).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ path: `/api/admin/payments/${ID}/receipts`, body: { amount: 1000, reference: 'SEPA-1', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    expect(screen.getByText(/SEPA-1/)).toBeTruthy();
    expect(screen.queryByLabelText(/Amount received \(EUR\)/)).toBeNull();
    // The history in words, with who acted and when (the staff member's format, the zone named); never the code.
    const history = screen.getByRole('heading', { name: 'History' }).nextElementSibling!;
    expect(history.textContent).toMatch(/: Receipt recorded by Ana Ruiz: EUR 1,000\.00$/);
    expect(history.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-24T10:00:00.000Z');
    expect(history.textContent).not.toContain('admin.money');
  });

  it('refunds only after the confirm step, and shows a refusal in the server\u2019s words', async () => {
    const { api, calls } = fakeApi({ get: () => detail(), post: () => new AdminApiError(502, 'The card provider refused the refund: no. No refund was recorded; the attempt is in the audit trail.') });
    render(<PaymentsPage api={api} staff={staff(['finance'])} subPath={`/${ID}`} navigate={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Refund…' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Refund…' }));
    // A transfer's refund names its outgoing reference: refused before sending without it.
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'KYC rejected' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm refund' }));
    expect(await screen.findByText(moneyMessages.outgoingReferenceRequired)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/Outgoing transfer reference/), { target: { value: 'RET-1' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm refund' }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe('The card provider refused the refund: no. No refund was recorded; the attempt is in the audit trail.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: `/api/admin/payments/${ID}/refund`, body: { requestId: expect.any(String), reason: 'KYC rejected', outgoingReference: 'RET-1' } },
    ]);
  });

  it('shows the wallet signed for once when it is the registration one, and both, labelled, when the investor replaced it', async () => {
    const { api } = fakeApi({ get: () => detail() });
    render(<PaymentsPage api={api} staff={staff(['finance'])} subPath={`/${ID}`} navigate={() => {}} />);
    expect((await screen.findByText('Token wallet (signed agreements, as registered)')).nextElementSibling?.textContent).toBe(SIGNED_WALLET);
    expect(screen.queryByText(REGISTRATION_WALLET)).toBeNull();
    cleanup();
    const replaced = fakeApi({ get: () => detail({ wallets: { signed: SIGNED_WALLET, registration: REGISTRATION_WALLET } }) });
    render(<PaymentsPage api={replaced.api} staff={staff(['finance'])} subPath={`/${ID}`} navigate={() => {}} />);
    expect((await screen.findByText('Token wallet (signed agreements)')).nextElementSibling?.textContent).toBe(SIGNED_WALLET);
    expect(screen.getByText('Registration wallet (replaced)').nextElementSibling?.textContent).toBe(REGISTRATION_WALLET);
  });

  it('shows an auditor the payment without any form', async () => {
    const { api } = fakeApi({ get: () => detail({ actions: { recordReceipt: true, refund: true, issue: true } }) });
    render(<PaymentsPage api={api} staff={staff(['auditor'])} subPath={`/${ID}`} navigate={() => {}} />);
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record receipt' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record issuance' })).toBeNull();
  });
});
