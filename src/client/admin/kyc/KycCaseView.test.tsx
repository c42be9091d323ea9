// @vitest-environment happy-dom
/**
 * The case page rendered with a fake AdminApi (the chart, selectors and views are real): the case's data, a document
 * shown inline as an image of an object URL, a decision sent with the round shown and the case read again, the
 * server's refusal shown in its words, an auditor's read-only view, and the reviewer aids (risk score, screening hits,
 * a hit marked with a reason, the checks read again while pending, the identity document's machine-readable zone read
 * or unreadable, the selfie's face compared with the document's photo or why it could not be, the enhanced due
 * diligence checklist of a high-risk case ticked item by item and its notice beside the approval).
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CASE_USER_ID,
  checkedCase,
  eddChecklist,
  faceCompared,
  faceNotCompared,
  firstApprovedCase,
  kycCase,
  mrzChecked,
  mrzScreenedChecks,
  mrzUnreadable,
  pendingChecks,
  SANCTION_HIT_ID,
  screenedChecks,
} from '../../../../machines/admin/kyc-case/kyc-case.fixtures.ts';
import { CHECKS_POLL_MS } from '../../../../machines/admin/kyc-case-checks/kyc-case-checks.machine.ts';
import type { EddItem, KycChecks } from '../../../shared/admin/kyc-checks.ts';
import { kycReviewMessages } from '../../../shared/admin/kyc-messages.ts';
import type { KycCase } from '../../../shared/admin/kyc-review.ts';
import { AdminApiError, type AdminApi } from '../admin-api.ts';
import type { SignedInStaff } from '../admin-page-props.ts';
import { KycReviewPage } from './KycReviewPage.tsx';
import { CHECKS_PENDING } from './CaseChecks.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Call = { method: string; path: string; body?: unknown };

/** `checks`: the answers, in turn, of the reviewer aids read again (GET .../checks); `put`: the answer of an EDD item ticked. */
function fakeApi(cases: KycCase[], decide: (body: unknown) => Promise<unknown>, checks: KycChecks[] = [], put: (body: unknown) => Promise<unknown> = () => Promise.reject(new Error('not used'))) {
  const calls: Call[] = [];
  let loads = 0;
  let checkReads = 0;
  const api: AdminApi = {
    get: <T,>(path: string) => {
      calls.push({ method: 'GET', path });
      if (path.endsWith('/checks')) return Promise.resolve(checks[Math.min(checkReads++, checks.length - 1)] as T);
      const answer = cases[Math.min(loads++, cases.length - 1)];
      return Promise.resolve(answer as T);
    },
    post: <T,>(path: string, body?: unknown) => {
      calls.push({ method: 'POST', path, body });
      return decide(body) as Promise<T>;
    },
    put: <T,>(path: string, body?: unknown) => {
      calls.push({ method: 'PUT', path, body });
      return put(body) as Promise<T>;
    },
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

describe('KYC case page: reviewer aids', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  /** The checks after compliance marked the sanctions hit a false positive: the risk scored again. */
  const decided = (): KycChecks => {
    const base = screenedChecks();
    return {
      ...base,
      screening: {
        ...base.screening!,
        hits: base.screening!.hits.map((h) =>
          h.id === SANCTION_HIT_ID ? { ...h, decision: { value: 'FALSE_POSITIVE', reason: 'Born in another year.', staffName: 'Grace', decidedAt: '2026-11-28T10:00:00.000Z' } } : h,
        ),
      },
      risk: { ...base.risk!, level: 'low', points: 10, rules: base.risk!.rules.filter((r) => r.id !== 'open-sanction-hit') },
    };
  };

  it('shows the risk score and each hit, and compliance marks a hit with a reason checked before it is sent', async () => {
    const { api, calls } = fakeApi([checkedCase()], () => Promise.resolve(decided()));
    const posts = () => calls.filter((c) => c.method === 'POST');
    render(<KycReviewPage api={api} staff={staff(['compliance'])} subPath={`/${CASE_USER_ID}`} navigate={vi.fn()} />);
    const aids = await screen.findByRole('region', { name: 'Reviewer aids' });
    // The risk: its level as a word, its points, each rule as a sentence with its points.
    expect(within(aids).getByText('Medium risk')).toBeTruthy();
    expect(within(aids).getByText('35 points', { exact: false })).toBeTruthy();
    expect(within(aids).getByRole('list', { name: 'Rules that added points' }).textContent).toContain('A sanctions hit awaits a reviewer’s word: 25 points.');
    // The screening: names, lists, then each hit with why it matched and the word given on it.
    expect(within(aids).getByText('EU financial sanctions (2026-11-01), Sample PEP list (2026-10-15)')).toBeTruthy();
    const [sanction, pep] = within(aids).getAllByRole('listitem').filter((li) => li.classList.contains('kyc-case__hit'));
    expect(within(sanction!).getByRole('heading', { name: 'Adah Lovelaze' })).toBeTruthy();
    const facts = (li: HTMLElement) => Object.fromEntries(Array.from(li.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(facts(sanction!)).toMatchObject({ Kind: 'Sanctions', Programme: 'Sample programme', Score: '91%', 'Date of birth': 'Differs from the investor’s', List: 'EU financial sanctions (current version)' });
    expect(within(sanction!).getByRole('list', { name: 'Why it matched' }).textContent).toContain('Surname differs by one letter');
    expect(within(sanction!).getByText('No reviewer has marked this hit yet.')).toBeTruthy();
    expect(facts(pep!)).toMatchObject({ Kind: 'PEP (politically exposed person)', Score: '78%', List: expect.stringContaining('an older version') });
    expect(pep!.querySelector('.kyc-case__hit-decision')!.textContent).toMatch(/^False positive — Grace Compliance, .+: “A different person/);
    expect(within(aids).getByText('Computed on this server; evidence for the reviewer, not a decision.')).toBeTruthy();
    expect(within(pep!).getByRole('button', { name: 'Change the decision: Ada Lovelace-Byrne' })).toBeTruthy();

    fireEvent.click(within(sanction!).getByRole('button', { name: 'Mark this hit: Adah Lovelaze' }));
    const form = within(aids).getByRole('form', { name: 'Decision on the hit Adah Lovelaze' });
    fireEvent.click(within(form).getByLabelText('False positive'));
    // A blank reason is refused in the page: nothing sent.
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save the decision on this hit' }));
    expect(within(form).getByRole('alert').textContent).toBe('Please give a reason.');
    expect(posts()).toEqual([]);
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: ' Born in another year. ' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save the decision on this hit' })));
    expect(posts()).toEqual([{ method: 'POST', path: `/api/admin/kyc/cases/${CASE_USER_ID}/screening-hits/${SANCTION_HIT_ID}`, body: { decision: 'FALSE_POSITIVE', reason: 'Born in another year.' } }]);
    // The answer is shown: the form closed, the hit decided, the risk scored again.
    await waitFor(() => expect(within(aids).queryByRole('form')).toBeNull());
    expect(within(aids).getByText('Low risk')).toBeTruthy();
    expect(sanction!.querySelector('.kyc-case__hit-decision')!.textContent).toMatch(/^False positive — Grace, .+: “Born in another year\.”$/);
  });

  it("shows the server's refusal in its words and keeps the draft; an auditor sees the hits without the form", async () => {
    const { api, calls } = fakeApi([checkedCase()], () => Promise.reject(new AdminApiError(404, kycReviewMessages.hitNotFound)));
    render(<KycReviewPage api={api} staff={staff(['compliance'])} subPath={`/${CASE_USER_ID}`} navigate={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark this hit: Adah Lovelaze' }));
    fireEvent.click(screen.getByLabelText('True match'));
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Same person as the passport.' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save the decision on this hit' })));
    expect(await screen.findByText(kycReviewMessages.hitNotFound)).toBeTruthy();
    expect((screen.getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Same person as the passport.');
    expect((screen.getByLabelText('True match') as HTMLInputElement).checked).toBe(true);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/admin/kyc/cases/${CASE_USER_ID}/screening-hits/${SANCTION_HIT_ID}`]);
    cleanup();

    const auditor = fakeApi([checkedCase()], () => Promise.reject(new Error('an auditor never sends')));
    render(<KycReviewPage api={auditor.api} staff={staff(['auditor'])} subPath={`/${CASE_USER_ID}`} navigate={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: 'Adah Lovelaze' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ada Lovelace-Byrne' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Mark this hit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Change the decision/ })).toBeNull();
    expect(screen.queryByRole('form', { name: /Decision on the hit/ })).toBeNull();
    expect(auditor.calls.every((c) => c.method !== 'POST')).toBe(true);
    // The word already given on a hit is read by the auditor too.
    expect(screen.getByText(/A different person/)).toBeTruthy();
  });

  it('says the checks are running while pending, reads them again after the pause, and says when there are no hits', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const none: KycChecks = { ...screenedChecks(), screening: { ...screenedChecks().screening!, hits: [] } };
    const { api, calls } = fakeApi([checkedCase(pendingChecks())], () => Promise.reject(new Error('unused')), [pendingChecks(), none]);
    render(<KycReviewPage api={api} staff={staff(['auditor'])} subPath={`/${CASE_USER_ID}`} navigate={vi.fn()} />);
    await act(async () => vi.advanceTimersByTimeAsync(0));
    const aids = screen.getByRole('region', { name: 'Reviewer aids' });
    const status = within(aids).getByRole('status');
    expect(status.textContent).toBe(CHECKS_PENDING);
    const reads = () => calls.filter((c) => c.path.endsWith('/checks')).length;
    // Nothing read before the pause; one read per pause while still pending.
    await act(async () => vi.advanceTimersByTimeAsync(CHECKS_POLL_MS - 1));
    expect(reads()).toBe(0);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(reads()).toBe(1);
    expect(status.textContent).toBe(CHECKS_PENDING);
    await act(async () => vi.advanceTimersByTimeAsync(CHECKS_POLL_MS));
    expect(reads()).toBe(2);
    expect(status.textContent).toBe('');
    expect(within(aids).getByText('No screening hits on the current lists.')).toBeTruthy();
    // Nothing pending any more: no more reads.
    await act(async () => vi.advanceTimersByTimeAsync(CHECKS_POLL_MS * 3));
    expect(reads()).toBe(2);
  });
});

describe('KYC case page: machine-readable zone', () => {
  afterEach(() => cleanup());
  const MRZ_GROUP = 'Identity document (machine-readable zone)';
  const show = async (checks: KycChecks) => {
    const { api } = fakeApi([checkedCase(checks)], () => Promise.reject(new Error('unused')));
    render(<KycReviewPage api={api} staff={staff(['auditor'])} subPath={`/${CASE_USER_ID}`} navigate={vi.fn()} />);
    return screen.findByRole('region', { name: 'Reviewer aids' });
  };

  it('shows the zone read: after the risk score, its image and lines, each item compared with the registration, the wrong check digit named', async () => {
    const aids = await show(mrzScreenedChecks());
    expect(Array.from(aids.querySelectorAll('h3')).map((h) => h.textContent)).toEqual(['Risk score', MRZ_GROUP, 'Screening']);
    const mrz = within(aids).getByRole('group', { name: MRZ_GROUP });
    const facts = Object.fromEntries(Array.from(mrz.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(facts).toEqual({ Document: 'passport.png', Format: 'TD3 (passport: 2 lines of 44)' });
    expect(within(mrz).queryByText(/zone could not be read/)).toBeNull();

    const img = within(mrz).getByRole('img', { name: 'The machine-readable zone as read' });
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height')]).toEqual([`data:image/png;base64,${mrzChecked().crop!.pngBase64}`, '1', '1']);
    expect(within(mrz).getByRole('region', { name: 'The zone’s lines as read' }).textContent).toBe(mrzChecked().lines.join('\n'));

    const table = within(mrz).getByRole('table', { name: 'Compared with the registration' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Item', 'On the document', 'Registered', 'Result']);
    expect(within(table).getAllByRole('rowheader').map((th) => th.getAttribute('scope'))).toEqual(Array(6).fill('row'));
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => Array.from(tr.children).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Surname', 'LOVELACE', 'Ada Lovelace', 'Match surname found in the registered name'],
      ['Given names', 'ADA', 'Ada Lovelace', 'Match given names found in the registered name'],
      ['Date of birth', '1985-10-12', '1985-12-10', 'Differs MRZ 1985-10-12, registered 1985-12-10'],
      ['Nationality', 'GBR', 'British', 'Match GBR (United Kingdom) is what was registered'],
      ['Sex', 'F', '—', 'Unreadable not asked at registration'],
      ['Expiry', '2031-01-15', '—', 'Match valid until 2031-01-15'],
    ]);
    // The difference is styled as one (a word, and the danger colour's class), not only coloured.
    expect(within(table).getByText('Differs').className).toContain('kyc-case__mrz-result--differs');
    expect(within(mrz).getByText('Check digit wrong: date of birth')).toBeTruthy();
    expect(within(mrz).getByText(/^Read on this server by tesseract\.js 5\.1\.1 in 1840 ms/)).toBeTruthy();
  });

  it('says all check digits are valid when they are', async () => {
    const valid = { ...mrzChecked(), checkDigits: mrzChecked().checkDigits.map((d) => ({ ...d, valid: true })) };
    const mrz = within(await show(mrzScreenedChecks(valid))).getByRole('group', { name: MRZ_GROUP });
    expect(within(mrz).getByText('Check digits: all valid')).toBeTruthy();
    expect(within(mrz).queryByText(/Check digits? wrong/)).toBeNull();
  });

  it('says an unreadable zone could not be read, with the notes and no table; no reading yet shows no section', async () => {
    const mrz = within(await show(mrzScreenedChecks(mrzUnreadable()))).getByRole('group', { name: MRZ_GROUP });
    expect(within(mrz).getByText('The machine-readable zone could not be read; compare the document by eye.')).toBeTruthy();
    expect(within(mrz).getByRole('list', { name: 'Notes on the reading' }).textContent).toBe('No machine-readable zone was found on the image.');
    expect(within(mrz).getByText('passport.png')).toBeTruthy();
    expect(within(mrz).queryByRole('table')).toBeNull();
    expect(within(mrz).queryByRole('img')).toBeNull();
    expect(within(mrz).queryByText(/Check digit/)).toBeNull();
    cleanup();

    // Still being read: the pending line covers it, no section.
    const aids = await show({ ...pendingChecks(), pending: ['screening', 'risk', 'mrz'] });
    expect(within(aids).getByRole('status').textContent).toBe(CHECKS_PENDING);
    expect(within(aids).queryByRole('group', { name: MRZ_GROUP })).toBeNull();
  });
});

describe('KYC case page: face comparison', () => {
  afterEach(() => cleanup());
  const FACE_GROUP = 'Face: the selfie and the identity document’s photo';
  const show = async (checks: KycChecks) => {
    const { api } = fakeApi([checkedCase(checks)], () => Promise.reject(new Error('unused')));
    render(<KycReviewPage api={api} staff={staff(['auditor'])} subPath={`/${CASE_USER_ID}`} navigate={vi.fn()} />);
    return screen.findByRole('region', { name: 'Reviewer aids' });
  };

  it('shows the similarity compared: after the zone, the percentage with its verdict on a badge, the model’s lines and where to compare by eye', async () => {
    const aids = await show({ ...mrzScreenedChecks(), face: faceCompared(0.7234, 'likely same person') });
    expect(Array.from(aids.querySelectorAll('h3')).map((h) => h.textContent)).toEqual(['Risk score', 'Identity document (machine-readable zone)', FACE_GROUP, 'Screening']);
    const face = within(aids).getByRole('group', { name: FACE_GROUP });
    const facts = Object.fromEntries(Array.from(face.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(facts).toEqual({ Selfie: 'selfie.jpg', 'Identity document': 'passport.png' });
    expect(within(face).getByText('72%')).toBeTruthy();
    // The verdict is a word on the zone's badge: the success colour for the same person.
    expect(within(face).getByText('Likely the same person').className).toBe('kyc-case__mrz-result kyc-case__mrz-result--match');
    expect(within(face).getByText('The model counts 50% or more as the same person; between 45% and 60% compare by eye.')).toBeTruthy();
    expect(within(face).getByText('Compare the two by eye with “Compare the ID with the selfie” in Documents.')).toBeTruthy();
    expect(within(face).getByText(/^Compared on this server by @vladmandic\/human 3\.3\.6 \(WASM, CPU\) in 2310 ms \(round 1, /).querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-21T10:00:09.000Z');
    expect(within(face).queryByText('Compare the selfie with the identity document by eye.')).toBeNull();
  });

  it('rounds the similarity down so it never reads as across a line, and badges an uncertain or a different verdict as such', async () => {
    // 0.5999 is under the 60% line: it reads 59%, beside the server's "uncertain", in the warning colour.
    const uncertain = within(await show({ ...screenedChecks(), face: faceCompared(0.5999, 'uncertain') })).getByRole('group', { name: FACE_GROUP });
    expect(within(uncertain).getByText('59%')).toBeTruthy();
    expect(within(uncertain).getByText('Uncertain').className).toContain('kyc-case__mrz-result--unreadable');
    cleanup();
    // Floating point: 0.58 * 100 is 57.99999…, still 58%.
    const edge = within(await show({ ...screenedChecks(), face: faceCompared(0.58, 'uncertain') })).getByRole('group', { name: FACE_GROUP });
    expect(within(edge).getByText('58%')).toBeTruthy();
    cleanup();
    const apart = within(await show({ ...screenedChecks(), face: faceCompared(0.31, 'likely different people') })).getByRole('group', { name: FACE_GROUP });
    expect(within(apart).getByText('31%')).toBeTruthy();
    expect(within(apart).getByText('Likely different people').className).toContain('kyc-case__mrz-result--differs');
  });

  it('says why no comparison was made and to compare by eye, with no similarity; no result yet shows no section', async () => {
    const face = within(await show({ ...screenedChecks(), face: faceNotCompared('several faces', 'id', 3) })).getByRole('group', { name: FACE_GROUP });
    expect(within(face).getByText('Several faces (3) were found in the identity document’s photo.')).toBeTruthy();
    expect(within(face).getByText('Compare the selfie with the identity document by eye.')).toBeTruthy();
    expect(within(face).queryByText(/%/)).toBeNull();
    expect(within(face).queryByText(/Compare the ID with the selfie/)).toBeNull();
    expect(within(face).getByText(/^Compared on this server by /)).toBeTruthy();
    cleanup();

    const noFace = within(await show({ ...screenedChecks(), face: faceNotCompared('no face', 'selfie') })).getByRole('group', { name: FACE_GROUP });
    expect(within(noFace).getByText('No face was found in the selfie.')).toBeTruthy();
    cleanup();
    const unreadable = within(await show({ ...screenedChecks(), face: faceNotCompared('unreadable', 'selfie') })).getByRole('group', { name: FACE_GROUP });
    expect(within(unreadable).getByText('The selfie could not be read as an image.')).toBeTruthy();
    cleanup();

    // Still running: the pending line covers it, no section.
    const aids = await show({ ...pendingChecks(), pending: ['face'] });
    expect(within(aids).getByRole('status').textContent).toBe(CHECKS_PENDING);
    expect(within(aids).queryByRole('group', { name: FACE_GROUP })).toBeNull();
  });
});

describe('KYC case page: enhanced due diligence', () => {
  afterEach(() => cleanup());

  const ROUND = 3;
  /** A high-risk case of round 3: the checklist required, the items in `done` ticked by Grace. */
  const highRisk = (done: EddItem[] = []): KycChecks => {
    const edd = eddChecklist(true, ROUND);
    return { ...screenedChecks(), edd: { ...edd, items: edd.items.map((i) => (done.includes(i.item) ? { ...i, done: { staffName: 'Grace', at: '2026-11-28T10:00:00.000Z' } } : i)) } };
  };
  const ALL: EddItem[] = ['source-of-wealth', 'source-of-funds', 'screening-resolved', 'purpose', 'senior-approval'];
  const NOTICE = 'Complete the enhanced due diligence checklist before approving: this case is scored high risk.';
  const FUNDS = 'Source of the funds for this investment evidenced';
  const caseOf = (checks: KycChecks): KycCase => ({ ...kycCase({ reviewRound: ROUND }), checks });

  it('shows the checklist of a high-risk case; a tick sends the round, the answer updates the list, and the notice goes once all are done', async () => {
    const answers: Array<(checks: KycChecks) => void> = [];
    const { api, calls } = fakeApi([caseOf(highRisk())], () => Promise.reject(new Error('unused')), [], () => new Promise((resolve) => answers.push(resolve)));
    const puts = () => calls.filter((c) => c.method === 'PUT');
    render(<KycReviewPage api={api} staff={staff(['compliance'])} subPath={`/${CASE_USER_ID}`} navigate={vi.fn()} />);
    const edd = await screen.findByRole('group', { name: 'Enhanced due diligence' });
    expect(within(edd).getByText('This case is scored high risk: every item must be done before it can be approved, and two different reviewers must approve it.')).toBeTruthy();
    const boxes = () => within(edd).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes().map((b) => [b.checked, b.disabled])).toEqual(ALL.map(() => [false, false]));
    // The notice sits in the decision form, beside the approve choice.
    const decision = screen.getByRole('region', { name: 'Decision' });
    expect(within(decision).getByText(NOTICE)).toBeTruthy();

    await act(async () => fireEvent.click(within(edd).getByRole('checkbox', { name: FUNDS })));
    expect(puts()).toEqual([{ method: 'PUT', path: `/api/admin/kyc/cases/${CASE_USER_ID}/edd/source-of-funds`, body: { done: true, expectedRound: ROUND } }]);
    // While the change is sent every box waits (one change at a time).
    expect(boxes().every((b) => b.disabled)).toBe(true);
    await act(async () => answers[0]!(highRisk(['source-of-funds'])));
    const funds = within(edd).getByRole('checkbox', { name: FUNDS }) as HTMLInputElement;
    expect([funds.checked, funds.disabled]).toEqual([true, false]);
    expect(funds.closest('li')!.textContent).toMatch(/Done by Grace, .+/);
    expect(within(decision).getByText(NOTICE)).toBeTruthy();

    // Unticked: sent as not done. The server's answer has every item done: the notice goes.
    await act(async () => fireEvent.click(funds));
    expect(puts().at(-1)?.body).toEqual({ done: false, expectedRound: ROUND });
    await act(async () => answers[1]!(highRisk(ALL)));
    expect(boxes().every((b) => b.checked)).toBe(true);
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  it("shows the server's refusal in its words; an auditor's boxes are disabled and nothing is sent; a case not high risk shows no checklist", async () => {
    const stale = new AdminApiError(409, kycReviewMessages.staleRound);
    const { api, calls } = fakeApi([caseOf(highRisk())], () => Promise.reject(new Error('unused')), [], () => Promise.reject(stale));
    render(<KycReviewPage api={api} staff={staff(['compliance'])} subPath={`/${CASE_USER_ID}`} navigate={vi.fn()} />);
    const edd = await screen.findByRole('group', { name: 'Enhanced due diligence' });
    await act(async () => fireEvent.click(within(edd).getByRole('checkbox', { name: FUNDS })));
    expect((await within(edd).findByRole('alert')).textContent).toBe(kycReviewMessages.staleRound);
    expect((within(edd).getByRole('checkbox', { name: FUNDS }) as HTMLInputElement).checked).toBe(false);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    cleanup();

    const auditor = fakeApi([caseOf(highRisk(['purpose']))], () => Promise.reject(new Error('an auditor never sends')));
    render(<KycReviewPage api={auditor.api} staff={staff(['auditor'])} subPath={`/${CASE_USER_ID}`} navigate={vi.fn()} />);
    const read = await screen.findByRole('group', { name: 'Enhanced due diligence' });
    const boxes = within(read).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => [b.checked, b.disabled])).toEqual(ALL.map((i) => [i === 'purpose', true]));
    fireEvent.click(within(read).getByRole('checkbox', { name: FUNDS }));
    expect(auditor.calls.filter((c) => c.method === 'PUT')).toEqual([]);
    // The auditor does not decide: no approval, no notice beside it.
    expect(screen.queryByText(NOTICE)).toBeNull();
    cleanup();

    const medium = fakeApi([caseOf(screenedChecks())], () => Promise.reject(new Error('unused')));
    render(<KycReviewPage api={medium.api} staff={staff(['compliance'])} subPath={`/${CASE_USER_ID}`} navigate={vi.fn()} />);
    expect(await screen.findByRole('region', { name: 'Reviewer aids' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Enhanced due diligence' })).toBeNull();
    expect(screen.queryByText(NOTICE)).toBeNull();
  });
});
