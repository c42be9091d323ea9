// @vitest-environment happy-dom
/**
 * The audit-trail page with a fake AdminApi: the address's filters asked of the server (days as UTC instants, 'to'
 * included), Apply moving to the address that shows them, Load more with the cursor, the CSV export with the same
 * filters through the API client, the chain check whole and broken (in words, with seq and kind), a failed list in
 * the server's words, the journey listed and drawn on the lifecycle chart with the picked step's state highlighted,
 * and compliance staff without the chain check. Issue 26: the server's kept check (its start's) shown at once, a
 * broken one naming its event, which the list marks and 'Show this event in the list' filters to; an empty trail is
 * "nothing was checked"; the action filter suggests the trail's action names and their prefixes.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditChainReport, AuditChainStatus, AuditEventRow, AuditEventsResponse, JourneyResponse } from '../../../shared/admin/audit.ts';
import { AdminApiError, type AdminApi } from '../admin-api.ts';
import type { AdminPageProps } from '../admin-page-props.ts';
import AuditPage from './AuditPage.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const INVESTOR = '10000000-0000-4000-8000-000000000001';
const row = (seq: number, over: Partial<AuditEventRow> = {}): AuditEventRow => ({
  seq,
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  at: '2026-11-24T10:00:05.000Z',
  action: 'kyc.step.saved',
  userId: INVESTOR,
  investorEmail: 'ada@example.com',
  staffId: null,
  staffEmail: null,
  role: null,
  ip: '203.0.113.7',
  userAgent: null,
  detail: { step: 2 },
  hash: `${seq}`.padEnd(64, 'f'),
  prevHash: '0'.repeat(64),
  ...over,
});
const FIRST: AuditEventsResponse = { rows: [row(12), row(11, { action: 'admin.kyc.decided', staffEmail: 'rev@foundation.example', role: 'compliance', detail: { role: 'compliance', decision: 'APPROVED' } })], nextCursor: 'cur-11' };
const SECOND: AuditEventsResponse = { rows: [row(10, { userId: null, investorEmail: null, action: 'admin.settings.saved' })], nextCursor: null };
const WHOLE: AuditChainReport = { ok: true, checked: 12, head: { seq: 12, hash: 'abcdef0123456789'.repeat(4) }, firstBroken: null, checkedAt: '2026-11-24T10:00:06.000Z', durationMs: 42 };
const BROKEN: AuditChainReport = { ...WHOLE, ok: false, firstBroken: { kind: 'altered', seq: 7, eventId: 'e7', message: 'Event 7 was altered: its contents do not hash to the hash stored with it.' } };
const SHA = 'c'.repeat(64);
const JOURNEY: JourneyResponse = {
  userId: INVESTOR,
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  steps: [
    { seq: 3, at: '2026-11-24T09:00:00.000Z', action: 'auth.register', lifecycleState: 'investment.disclosure', lifecycleFact: null, lifecycleTransitions: [], label: 'Registered', ip: '203.0.113.7', documentHashes: [], staffEmail: null, staffName: null },
    { seq: 5, at: '2026-11-24T09:05:00.000Z', action: 'kyc.document.uploaded', lifecycleState: 'investment.kycCollecting', lifecycleFact: null, lifecycleTransitions: [], label: 'KYC document uploaded', ip: '203.0.113.7', documentHashes: [SHA], staffEmail: null, staffName: null },
    { seq: 11, at: '2026-11-24T10:00:05.000Z', action: 'admin.kyc.approved', lifecycleState: 'investment.case.review.approved', lifecycleFact: 'STAFF.KYC_APPROVED', lifecycleTransitions: ['investment.case.review.underReview:STAFF.KYC_APPROVED:0'], label: 'KYC approved', ip: null, documentHashes: [], staffEmail: 'rev@foundation.example', staffName: 'Rita Reviewer' },
  ],
};

const BROKEN_AT_11: AuditChainReport = {
  ...WHOLE,
  ok: false,
  checkedAt: '2026-11-24T09:59:00.000Z',
  firstBroken: {
    kind: 'altered',
    seq: 11,
    eventId: row(11).id,
    message: 'Event 11 was altered: its contents do not hash to the hash stored with it.',
    event: { seq: 11, id: row(11).id, at: '2026-11-24T10:00:05.000Z', action: 'admin.kyc.decided', userId: INVESTOR, staffId: 'st-rev' },
  },
};
const ACTIONS = ['admin.kyc.decided', 'auth.register', 'kyc.step.saved'];

type Answers = { chain?: AuditChainReport | Error; status?: AuditChainStatus; events?: (path: string) => AuditEventsResponse | Error };

function fakeApi(answers: Answers = {}) {
  const get = vi.fn(async (path: string) => {
    if (path.startsWith('/api/admin/audit/events')) {
      const answer = answers.events ? answers.events(path) : path.includes('cursor=') ? SECOND : FIRST;
      if (answer instanceof Error) throw answer;
      return answer;
    }
    if (path === '/api/admin/audit/chain/status') return answers.status ?? { last: null, running: false };
    if (path === '/api/admin/audit/actions') return { actions: ACTIONS };
    if (path === '/api/admin/audit/chain') {
      if (answers.chain instanceof Error) throw answers.chain;
      return answers.chain ?? WHOLE;
    }
    if (path === `/api/admin/audit/journey/${INVESTOR}`) return JOURNEY;
    throw new AdminApiError(404, 'Not found.');
  });
  const api: AdminApi = {
    get: get as AdminApi['get'],
    post: vi.fn() as AdminApi['post'],
    put: vi.fn() as AdminApi['put'],
    delete: vi.fn() as AdminApi['delete'],
    upload: vi.fn() as AdminApi['upload'],
    blob: vi.fn(async () => new Blob(['seq,at\n'], { type: 'text/csv' })) as AdminApi['blob'],
  };
  return { api, get };
}

const navigate = (to: string) => window.history.pushState(null, '', to);
const props = (api: AdminApi, roles: AdminPageProps['staff']['roles'] = ['auditor']): AdminPageProps => ({
  api,
  staff: { id: 'st', email: 'audit@foundation.example', displayName: 'Auditor', roles },
  subPath: '',
  // The shell hands the page the address's query (the admin-session chart owns the route).
  search: window.location.search.replace(/^\?/, ''),
  navigate,
});

beforeEach(() => window.history.replaceState(null, '', '/audit'));
afterEach(cleanup);

describe('AuditPage', () => {
  it("asks for the address's filters and lists the events, newest first", async () => {
    window.history.replaceState(null, '', '/audit?investor=ada%40example.com&from=2026-11-01&to=2026-11-24&evil=1');
    const { api, get } = fakeApi();
    render(<AuditPage {...props(api)} />);
    const table = await screen.findByRole('table');
    expect(get).toHaveBeenCalledWith('/api/admin/audit/events?investor=ada%40example.com&from=2026-11-01T00%3A00%3A00.000Z&to=2026-11-25T00%3A00%3A00.000Z', expect.anything());
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['12', '11']);
    expect(within(bodyRows[1]!).getByText('rev@foundation.example')).toBeTruthy();
    expect(within(bodyRows[1]!).getByText('compliance')).toBeTruthy();
    expect(within(bodyRows[1]!).getByText('decision: APPROVED')).toBeTruthy();
    expect(within(bodyRows[0]!).getByText('2026-11-24 10:00:05 UTC')).toBeTruthy();
    expect((screen.getByLabelText('Investor (name, email or id)') as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('Apply moves to the address of the filters; Load more asks for the next page by its cursor', async () => {
    const { api, get } = fakeApi();
    render(<AuditPage {...props(api)} />);
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Action or prefix'), { target: { value: 'admin.kyc.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(window.location.search).toBe('?action=admin.kyc.'));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith('/api/admin/audit/events?action=admin.kyc.', expect.anything()));
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith('/api/admin/audit/events?action=admin.kyc.&cursor=cur-11', expect.anything()));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('exports the CSV with the same filters through the API client', async () => {
    window.history.replaceState(null, '', '/audit?staff=rev%40foundation.example');
    const { api } = fakeApi();
    const save = vi.fn();
    render(<AuditPage {...props(api)} save={save} />);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV (these filters)' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(api.blob).toHaveBeenCalledWith('/api/admin/audit/events.csv?staff=rev%40foundation.example', expect.anything());
    expect(save.mock.calls[0]![1]).toMatch(/^audit-events-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('says the trail is unbroken with the count and the head', async () => {
    const { api } = fakeApi();
    render(<AuditPage {...props(api)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify the audit trail' }));
    expect(await screen.findByText('The audit trail is unbroken: 12 events checked, head #12 (abcdef012345…). Checked in 42 ms.')).toBeTruthy();
  });

  it('names the first broken link with its seq and kind, in the error colour', async () => {
    const { api } = fakeApi({ chain: BROKEN });
    render(<AuditPage {...props(api)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify the audit trail' }));
    const alert = await screen.findByRole('alert');
    expect(alert.className).toContain('admin-error');
    expect(alert.textContent).toContain('The audit trail is broken at event #7 (altered).');
    expect(alert.textContent).toContain('Event 7 was altered');
  });

  it('a broken chain the server found at its start is shown at once with its event, marked in the list, and found by one click', async () => {
    const { api, get } = fakeApi({ status: { last: { report: BROKEN_AT_11, source: 'start' }, running: false } });
    render(<AuditPage {...props(api)} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The audit trail is broken at event #11 (altered).');
    expect(alert.textContent).toContain(`Event #11: admin.kyc.decided at 2026-11-24 10:00:05 UTC (id ${row(11).id}).`);
    expect(screen.getByText('Checked by the server when it started, at 2026-11-24 09:59:00 UTC.')).toBeTruthy();
    const marked = (await screen.findByText('Chain broken here')).closest('tr')!;
    expect(within(marked).getAllByRole('cell').map((c) => c.textContent).slice(0, 3)).toEqual(['11', '2026-11-24 10:00:05 UTC', 'admin.kyc.decidedChain broken here']);
    expect(marked.getAttribute('aria-current')).toBe('true');
    expect(screen.getAllByText('Chain broken here')).toHaveLength(1);
    fireEvent.click(within(alert).getByRole('button', { name: 'Show this event in the list' }));
    await waitFor(() => expect(window.location.search).toBe(`?investor=${INVESTOR}&action=admin.kyc.decided&from=2026-11-24&to=2026-11-24`));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith(`/api/admin/audit/events?investor=${INVESTOR}&action=admin.kyc.decided&from=2026-11-24T00%3A00%3A00.000Z&to=2026-11-25T00%3A00%3A00.000Z`, expect.anything()));
  });

  it('a check asked for that finds the break marks that row; checked whole again, no row is marked', async () => {
    let answer: AuditChainReport = { ...BROKEN_AT_11, firstBroken: { ...BROKEN_AT_11.firstBroken!, seq: 12, event: { ...BROKEN_AT_11.firstBroken!.event!, seq: 12 } } };
    const { api } = fakeApi();
    (api.get as ReturnType<typeof vi.fn>).mockImplementation(async (path: string) => (path === '/api/admin/audit/chain' ? answer : path === '/api/admin/audit/chain/status' ? { last: null, running: true } : path === '/api/admin/audit/actions' ? { actions: ACTIONS } : path.includes('cursor=') ? SECOND : FIRST));
    render(<AuditPage {...props(api)} />);
    await screen.findByRole('table');
    expect(screen.queryByText('Chain broken here')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Verify the audit trail' }));
    const marked = (await screen.findByText('Chain broken here')).closest('tr')!;
    expect(within(marked).getAllByRole('cell')[0]!.textContent).toBe('12');
    answer = WHOLE;
    fireEvent.click(screen.getByRole('button', { name: 'Verify the audit trail' }));
    await screen.findByText(/The audit trail is unbroken/);
    expect(screen.queryByText('Chain broken here')).toBeNull();
  });

  it('an empty trail is "nothing was checked", never unbroken', async () => {
    const { api } = fakeApi({ chain: { ...WHOLE, checked: 0, head: null } });
    render(<AuditPage {...props(api)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify the audit trail' }));
    expect(await screen.findByText('Nothing was checked: the audit trail holds no event yet. Checked in 42 ms.')).toBeTruthy();
    expect(screen.queryByText(/unbroken/)).toBeNull();
  });

  it("the action filter suggests the trail's action names and their prefixes", async () => {
    const { api } = fakeApi();
    render(<AuditPage {...props(api)} />);
    const input = screen.getByLabelText('Action or prefix') as HTMLInputElement;
    const list = document.getElementById(input.getAttribute('list')!)!;
    await waitFor(() => expect([...list.querySelectorAll('option')].map((o) => o.value)).toEqual(['admin.', 'admin.kyc.', 'admin.kyc.decided', 'auth.', 'auth.register', 'kyc.', 'kyc.step.', 'kyc.step.saved']));
  });

  it("a failed list shows the server's words and Try again", async () => {
    let fail = true;
    const { api } = fakeApi({ events: () => (fail ? new AdminApiError(400, 'The investor filter is not an id or an email.') : FIRST) });
    render(<AuditPage {...props(api)} />);
    expect((await screen.findByRole('alert')).textContent).toBe('The investor filter is not an id or an email.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it("shows an investor's journey as a list and on the lifecycle chart; a picked step highlights its state and its transition", async () => {
    const { api } = fakeApi();
    render(<AuditPage {...props(api)} />);
    await screen.findByRole('table');
    fireEvent.click(screen.getAllByRole('button', { name: 'Show journey of ada@example.com' })[0]!);
    const panel = (await screen.findByRole('heading', { name: 'Journey of Ada Lovelace (ada@example.com)' })).closest('section')!;
    const steps = within(panel).getAllByRole('listitem').filter((li) => li.closest('.audit__steps'));
    // In words, naming who acted (issue 29), never the raw action code; the time in the reader's format, zone named.
    expect(steps.map((li) => li.querySelector('strong')!.textContent)).toEqual(['Registered', 'KYC document uploaded', 'KYC approved by Rita Reviewer']);
    expect(steps[2]!.querySelector('time')!.getAttribute('datetime')).toBe('2026-11-24T10:00:05.000Z');
    expect(panel.textContent).not.toContain('admin.kyc.approved');
    expect(within(panel).getByText(`SHA-256 ${SHA}`)).toBeTruthy();
    expect(within(panel).getByText(/rev@foundation\.example/)).toBeTruthy();
    // The chart: kycCollecting carries step 2, approved step 3 (a business fact: the transition it took is named).
    const chart = await waitFor(
      () => {
        const svg = panel.querySelector<SVGElement>('svg.diagram-view__svg');
        if (!svg) throw new Error('the chart is not drawn yet');
        return svg;
      },
      { timeout: 5000 },
    );
    expect(chart.querySelector('title')!.textContent).toBe("The investor's journey on the investment lifecycle");
    const kyc = chart.querySelector('[data-state-id="investment.kycCollecting"]')!;
    expect(kyc.firstElementChild!.getAttribute('class')).toContain('is-visited');
    expect(within(panel).getByText(/steps 2$/)).toBeTruthy();
    expect(within(steps[2]!).getByText(/STAFF\.KYC_APPROVED → approved/)).toBeTruthy();
    fireEvent.click(within(steps[1]!).getByRole('button'));
    expect(within(steps[1]!).getByRole('button').getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(chart.querySelector('[data-state-id="investment.kycCollecting"]')!.firstElementChild!.getAttribute('class')).toContain('is-active'));
    fireEvent.click(within(steps[2]!).getByRole('button'));
    await waitFor(() =>
      expect(chart.querySelector('[data-transition-id="investment.case.review.underReview:STAFF.KYC_APPROVED:0"]')!.getAttribute('class')).toContain('is-highlighted'),
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Close journey' }));
    expect(screen.queryByRole('heading', { name: /Journey of/ })).toBeNull();
  });

  it('compliance staff read the trail but are not offered the chain check (the server refuses it to them)', async () => {
    const { api } = fakeApi();
    render(<AuditPage {...props(api, ['compliance'])} />);
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Verify the audit trail' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Chain check' })).toBeNull();
  });

  it('compliance staff still see a broken chain the server found, with its event marked', async () => {
    const { api } = fakeApi({ status: { last: { report: BROKEN_AT_11, source: 'start' }, running: false } });
    render(<AuditPage {...props(api, ['compliance'])} />);
    expect((await screen.findByRole('alert')).textContent).toContain('broken at event #11');
    expect(await screen.findByText('Chain broken here')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Verify the audit trail' })).toBeNull();
  });
});
