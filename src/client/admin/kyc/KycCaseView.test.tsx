// @vitest-environment happy-dom
/**
 * The case page rendered with a fake AdminApi (the chart, selectors and views are real): the case's data, a document
 * shown inline as an image of an object URL, a decision sent with the round shown and the case read again, the
 * server's refusal shown in its words, and an auditor's read-only view.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CASE_USER_ID, firstApprovedCase, kycCase } from '../../../../machines/admin/kyc-case/kyc-case.fixtures.ts';
import { kycReviewMessages } from '../../../shared/admin/kyc-messages.ts';
import type { KycCase } from '../../../shared/admin/kyc-review.ts';
import { AdminApiError, type AdminApi } from '../admin-api.ts';
import type { SignedInStaff } from '../admin-page-props.ts';
import { KycReviewPage } from './KycReviewPage.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Call = { method: string; path: string; body?: unknown };

function fakeApi(cases: KycCase[], decide: (body: unknown) => Promise<unknown>) {
  const calls: Call[] = [];
  let loads = 0;
  const api: AdminApi = {
    get: <T,>(path: string) => {
      calls.push({ method: 'GET', path });
      const answer = cases[Math.min(loads++, cases.length - 1)];
      return Promise.resolve(answer as T);
    },
    post: <T,>(path: string, body?: unknown) => {
      calls.push({ method: 'POST', path, body });
      return decide(body) as Promise<T>;
    },
    put: () => Promise.reject(new Error('not used')),
    delete: () => Promise.reject(new Error('not used')),
    upload: () => Promise.reject(new Error('not used')),
    blob: (path: string) => {
      calls.push({ method: 'BLOB', path });
      return Promise.resolve(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }));
    },
  };
  return { api, calls };
}

const staff = (roles: SignedInStaff['roles']): SignedInStaff => ({ id: 'f3d2b8c1-1111-4111-8111-000000000001', email: 'grace@foundation.example', displayName: 'Grace', roles });

describe('KYC case page', () => {
  let created: string[] = [];
  let revoked: string[] = [];
  beforeEach(() => {
    created = [];
    revoked = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      const url = `blob:case-${created.length + 1}`;
      created.push(url);
      return url;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url: string) => void revoked.push(url));
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the case, a document inline, and sends a decision with the round shown', async () => {
    const decided = kycCase({ status: 'APPROVED' });
    const { api, calls } = fakeApi([kycCase({ reviewRound: 3 }), decided], () =>
      Promise.resolve({ status: 'APPROVED', reviewRound: 3, decision: 'APPROVED', awaitingSecondApproval: false }),
    );
    const navigate = vi.fn();
    render(<KycReviewPage api={api} staff={staff(['compliance'])} subPath={`/${CASE_USER_ID}`} navigate={navigate} />);

    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(calls[0]).toEqual({ method: 'GET', path: `/api/admin/kyc/cases/${CASE_USER_ID}` });
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText(/old-passport\.pdf.*replaced/)).toBeTruthy();

    // The current identity document, inline.
    fireEvent.click(screen.getAllByRole('button', { name: 'View' })[0]!);
    const img = (await screen.findByRole('img')) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('blob:case-1');
    expect(calls.at(-1)).toEqual({ method: 'BLOB', path: `/api/admin/kyc/cases/${CASE_USER_ID}/documents/11111111-1111-4111-8111-111111111111` });
    fireEvent.click(screen.getByRole('button', { name: 'Close document' }));
    expect(revoked).toEqual(['blob:case-1']);

    // Submitting without a decision is refused in the page, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Submit decision' }));
    expect(await screen.findByText('Please choose a decision.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    // A rejection needs its reason: the server's words, before any call.
    fireEvent.click(screen.getByLabelText('Reject'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit decision' }));
    expect(await screen.findByText(kycReviewMessages.reasonRequired)).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Approve'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit decision' }));
    });
    await waitFor(() => expect(screen.getByText('Verification approved. The investor has been emailed.')).toBeTruthy());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: `/api/admin/kyc/cases/${CASE_USER_ID}/decision`, body: { decision: 'APPROVED', expectedRound: 3 } }]);
    // The case read again: decided, no form any more.
    expect(await screen.findByText('This case is not awaiting a decision.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit decision' })).toBeNull();

    fireEvent.click(screen.getByText('← Back to the queue'));
    expect(navigate).toHaveBeenCalledWith('/kyc');
  });

  it("shows the server's refusal in its words", async () => {
    const { api } = fakeApi([kycCase(), kycCase()], () => Promise.reject(new AdminApiError(409, kycReviewMessages.alreadyApproved)));
    render(<KycReviewPage api={api} staff={staff(['compliance'])} subPath={`/${CASE_USER_ID}`} navigate={vi.fn()} />);
    fireEvent.click(await screen.findByLabelText('Approve'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit decision' }));
    expect(await screen.findByText(kycReviewMessages.alreadyApproved)).toBeTruthy();
  });

  it('takes the case and writes an internal note, each sent as the server expects; an auditor sees them without buttons', async () => {
    const me = staff(['compliance']);
    const posts: Call[] = [];
    const { api } = fakeApi([{ ...kycCase(), reviewers: [{ staffId: me.id, name: 'Grace' }, { staffId: 'f3d2b8c1-1111-4111-8111-000000000002', name: 'Dan' }] }], (body) => {
      const b = body as Record<string, unknown>;
      posts.push({ method: 'POST', path: '', body });
      if ('assignTo' in b) return Promise.resolve({ assignee: { staffId: me.id, name: 'Grace', since: '2026-11-28T10:00:00.000Z', assignedByName: 'Grace' } });
      return Promise.resolve({ note: { id: 'n1', staffId: me.id, staffName: 'Grace', body: b.body, at: '2026-11-28T10:01:00.000Z' } });
    });
    render(<KycReviewPage api={api} staff={me} subPath={`/${CASE_USER_ID}`} navigate={vi.fn()} />);
    expect(await screen.findByText('Nobody holds this case.')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Take this case' })));
    expect(await screen.findByText(/^You hold this case since/)).toBeTruthy();
    expect(posts[0]?.body).toEqual({ assignTo: me.id, expectedAssignee: null });
    // An empty note is refused in the page, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText(kycReviewMessages.noteEmpty)).toBeTruthy();
    expect(posts).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Address proof is 4 months old.' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add note' })));
    expect(await screen.findByText('Address proof is 4 months old.')).toBeTruthy();
    expect(posts[1]?.body).toEqual({ body: 'Address proof is 4 months old.', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect((screen.getByLabelText('Note') as HTMLTextAreaElement).value).toBe('');
    cleanup();
    const auditor = fakeApi([{ ...kycCase(), notes: [{ id: 'n1', staffId: me.id, staffName: 'Grace', body: 'Seen.', at: '2026-11-28T10:01:00.000Z' }] }], () => Promise.reject(new Error('an auditor never writes')));
    render(<KycReviewPage api={auditor.api} staff={staff(['auditor'])} subPath={`/${CASE_USER_ID}`} navigate={vi.fn()} />);
    expect(await screen.findByText('Seen.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take this case' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
  });

  it("four eyes: after this round's first approval its reviewer sees the notice, not the form; another reviewer still decides", async () => {
    const me = staff(['compliance']);
    const { api, calls } = fakeApi([kycCase({}, true), firstApprovedCase(me.id, 'Grace')], () =>
      Promise.resolve({ status: 'UNDER_REVIEW', reviewRound: 1, decision: 'APPROVED', awaitingSecondApproval: true }),
    );
    render(<KycReviewPage api={api} staff={me} subPath={`/${CASE_USER_ID}`} navigate={vi.fn()} />);
    fireEvent.click(await screen.findByLabelText('Approve'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit decision' })));
    expect(await screen.findByText('You gave this round’s first approval. The case is waiting for a second reviewer.')).toBeTruthy();
    expect(screen.getByText('First approval recorded. A different reviewer must approve as well.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit decision' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    cleanup();
    const other = fakeApi([firstApprovedCase(me.id, 'Grace')], () => Promise.reject(new Error('unused')));
    render(<KycReviewPage api={other.api} staff={{ ...me, id: 'f3d2b8c1-1111-4111-8111-000000000009' }} subPath={`/${CASE_USER_ID}`} navigate={vi.fn()} />);
    expect(await screen.findByRole('button', { name: 'Submit decision' })).toBeTruthy();
    expect(screen.queryByText(/waiting for a second reviewer/)).toBeNull();
  });

  it("shows the investor's payment beside the decision and links to their audit timeline", async () => {
    const paid: KycCase = {
      ...kycCase(),
      payment: { paymentId: 'p1', method: 'WIRE', status: 'AWAITING_FUNDS', amount: 25_000, totalAmount: 25_000, received: 10_000, createdAt: '2026-11-22T10:00:00.000Z', completedAt: null },
    };
    const navigate = vi.fn();
    const { api } = fakeApi([paid], () => Promise.reject(new Error('unused')));
    render(<KycReviewPage api={api} staff={staff(['compliance'])} subPath={`/${CASE_USER_ID}`} navigate={navigate} />);
    const payment = await screen.findByRole('region', { name: 'Payment' });
    const facts = Array.from(payment.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(facts.slice(0, 4)).toEqual([
      ['Method', 'Wire Transfer'],
      ['Stage', 'Awaiting funds'],
      ['Amount', expect.stringMatching(/25,000/)],
      ['Received', expect.stringMatching(/10,000/)],
    ]);
    const link = screen.getByRole('link', { name: 'This investor’s audit timeline' });
    expect(link.getAttribute('href')).toBe(`/admin/audit?investor=${CASE_USER_ID}`);
    fireEvent.click(link);
    expect(navigate).toHaveBeenCalledWith(`/audit?investor=${CASE_USER_ID}`);
    cleanup();
    const none = fakeApi([kycCase()], () => Promise.reject(new Error('unused')));
    render(<KycReviewPage api={none.api} staff={staff(['auditor'])} subPath={`/${CASE_USER_ID}`} navigate={vi.fn()} />);
    expect(await screen.findByText('No payment yet.')).toBeTruthy();
  });

  it('compares the ID with the selfie side by side, each zoomed and turned on its own', async () => {
    const base = kycCase();
    const selfie = { ...base.documents[0]!, id: '44444444-4444-4444-8444-444444444444', documentType: 'selfie' as const, originalName: 'selfie.jpg', contentType: 'image/jpeg' as const };
    const { api, calls } = fakeApi([{ ...base, documents: [...base.documents, selfie] }], () => Promise.reject(new Error('unused')));
    render(<KycReviewPage api={api} staff={staff(['auditor'])} subPath={`/${CASE_USER_ID}`} navigate={vi.fn()} />);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Compare the ID with the selfie' })));
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'BLOB').map((c) => c.path.split('/').at(-1))).toEqual([base.documents[0]!.id, selfie.id]);
    const [id, face] = screen.getAllByRole('figure');
    expect(id!.querySelector('figcaption')!.textContent).toBe('Identity document: passport.png');
    expect(face!.querySelector('figcaption')!.textContent).toBe('Selfie: selfie.jpg');
    fireEvent.click(within(face!).getByRole('button', { name: 'Zoom in' }));
    fireEvent.click(within(face!).getByRole('button', { name: 'Rotate' }));
    const faceImg = within(face!).getByRole('img') as HTMLImageElement;
    expect([faceImg.style.width, faceImg.style.transform]).toEqual(['150%', 'rotate(90deg)']);
    expect((within(id!).getByRole('img') as HTMLImageElement).style.transform).toBe('rotate(0deg)');
    fireEvent.click(within(face!).getByRole('button', { name: 'Close the document beside' }));
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(revoked).toEqual(['blob:case-2']);
  });

  it('is read-only for an auditor', async () => {
    const { api, calls } = fakeApi([kycCase()], () => Promise.reject(new Error('an auditor never decides')));
    render(<KycReviewPage api={api} staff={staff(['auditor'])} subPath={`/${CASE_USER_ID}`} navigate={vi.fn()} />);
    expect(await screen.findByText('Read only: your role does not decide cases.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit decision' })).toBeNull();
    expect(calls.every((c) => c.method !== 'POST')).toBe(true);
  });

  it('labels the wallets: the registration one before the agreements; the signed one, and the replaced one beside it', async () => {
    const registration = `0x${'ab'.repeat(20)}`;
    const signed = `0x${'cd'.repeat(20)}`;
    const before = fakeApi([kycCase()], () => Promise.reject(new Error('unused')));
    render(<KycReviewPage api={before.api} staff={staff(['auditor'])} subPath={`/${CASE_USER_ID}`} navigate={vi.fn()} />);
    expect((await screen.findByText('Wallet at registration (agreements not signed yet)')).nextElementSibling?.textContent).toBe(registration);
    cleanup();
    const after = fakeApi([{ ...kycCase({ status: 'APPROVED' }), wallets: { signed, registration } }], () => Promise.reject(new Error('unused')));
    render(<KycReviewPage api={after.api} staff={staff(['auditor'])} subPath={`/${CASE_USER_ID}`} navigate={vi.fn()} />);
    expect((await screen.findByText('Token wallet (signed agreements)')).nextElementSibling?.textContent).toBe(signed);
    expect(screen.getByText('Registration wallet (replaced)').nextElementSibling?.textContent).toBe(registration);
  });
});
