// @vitest-environment happy-dom
/**
 * The staff page with a fake AdminApi: the list with its dates in the staff member's form, an invitation refused at
 * its fields before anything is sent, then sent as the server reads it and the form emptied; a refused invitation
 * keeps what was typed; roles changed through the chart, never a set one person may not hold.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffMessages } from '../../../shared/admin/sign-in-messages.ts';
import type { StaffList } from '../../../shared/admin/staff.ts';
import { AdminApiError, type AdminApi } from '../admin-api.ts';
import StaffPage from './StaffPage.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ME = '00000000-0000-4000-8000-000000000001';
const BEA = '00000000-0000-4000-8000-000000000002';
const LIST: StaffList = {
  items: [
    { id: ME, email: 'ana@foundation.example', displayName: 'Ana Ruiz', roles: ['issuer-admin'], passkeys: 1, lastSignInAt: '2026-11-27T09:30:00.000Z', disabledAt: null, createdAt: '2026-11-01T00:00:00.000Z' },
    { id: BEA, email: 'bea@foundation.example', displayName: 'Bea Lind', roles: ['finance'], passkeys: 0, lastSignInAt: null, disabledAt: null, createdAt: '2026-11-02T00:00:00.000Z' },
  ],
  total: 2,
  limit: 50,
  offset: 0,
};

function fakeApi(overrides: Partial<AdminApi> = {}): AdminApi {
  return {
    get: vi.fn(async () => LIST) as AdminApi['get'],
    post: vi.fn(async () => ({ id: 'new' })) as AdminApi['post'],
    put: vi.fn(async () => ({ id: BEA, roles: ['compliance', 'finance'], changed: true })) as AdminApi['put'],
    delete: vi.fn() as AdminApi['delete'],
    upload: vi.fn() as AdminApi['upload'],
    blob: vi.fn() as AdminApi['blob'],
    ...overrides,
  };
}

const renderPage = (api: AdminApi) => render(<StaffPage api={api} staff={{ id: ME }} />);

afterEach(cleanup);

describe('StaffPage', () => {
  it('lists the staff with the last sign-in as a moment in the staff member’s form, or Never', async () => {
    renderPage(fakeApi());
    const ana = (await screen.findByText('Ana Ruiz')).closest('li')!;
    expect(ana.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-27T09:30:00.000Z');
    expect(ana.querySelector('time')?.textContent).toMatch(/2026/);
    expect(within(screen.getByText('Bea Lind').closest('li')!).getByText('Never')).toBeTruthy();
  });

  it('an invitation: faults at the fields first, then sent as the server reads it, and the form emptied', async () => {
    const api = fakeApi();
    renderPage(api);
    await screen.findByText('Ana Ruiz');
    const form = screen.getByRole('form', { name: 'Invite a staff member' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(within(form).getByText('Please enter a valid email address.')).toBeTruthy();
    expect(within(form).getByText(staffMessages.invalidName)).toBeTruthy();
    expect(within(form).getByText(staffMessages.invalidRoles)).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    const email = within(form).getByLabelText(/^Work email address/) as HTMLInputElement;
    fireEvent.change(email, { target: { value: ' Cy@Foundation.example ' } });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Cy Ode' } });
    fireEvent.click(within(form).getByLabelText(/^Finance/));
    fireEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('Invitation sent: the enrolment link is on its way.')).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/api/admin/staff', { email: 'cy@foundation.example', displayName: 'Cy Ode', roles: ['finance'] }, expect.objectContaining({ schema: expect.anything() }));
    await waitFor(() => expect(email.value).toBe(''));
    expect((within(form).getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
    expect((within(form).getByLabelText(/^Finance/) as HTMLInputElement).checked).toBe(false);
    expect(within(form).queryByText('Please enter a valid email address.')).toBeNull();
  });

  it('a refused invitation keeps what was typed, with the server’s words', async () => {
    const api = fakeApi({ post: vi.fn(async () => Promise.reject(new AdminApiError(409, staffMessages.emailTaken))) as AdminApi['post'] });
    renderPage(api);
    await screen.findByText('Ana Ruiz');
    const form = screen.getByRole('form', { name: 'Invite a staff member' });
    fireEvent.change(within(form).getByLabelText(/^Work email address/), { target: { value: 'bea@foundation.example' } });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Bea' } });
    fireEvent.click(within(form).getByLabelText(/^Finance/));
    fireEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(staffMessages.emailTaken);
    expect((within(form).getByLabelText(/^Work email address/) as HTMLInputElement).value).toBe('bea@foundation.example');
  });

  it('compliance with auditor is named at once; roles are changed through the chart and the form closes once saved', async () => {
    const api = fakeApi();
    renderPage(api);
    const bea = (await screen.findByText('Bea Lind')).closest('li')!;
    expect(within(screen.getByText('Ana Ruiz').closest('li')!).queryByRole('button', { name: /Change roles/ })).toBeNull();
    fireEvent.click(within(bea).getByRole('button', { name: 'Change roles of Bea Lind' }));
    const form = within(bea).getByRole('form', { name: 'Roles of Bea Lind' });
    fireEvent.click(within(form).getByLabelText(/^Compliance/));
    fireEvent.click(within(form).getByLabelText(/^Auditor/));
    expect(within(form).getByText(staffMessages.complianceWithAuditor)).toBeTruthy();
    expect((within(form).getByRole('button', { name: 'Save roles' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(form).getByLabelText(/^Auditor/));
    fireEvent.click(within(form).getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByText('Roles saved.')).toBeTruthy();
    expect(api.put).toHaveBeenCalledWith(`/api/admin/staff/${BEA}/roles`, { roles: ['finance', 'compliance'] }, expect.objectContaining({ schema: expect.anything() }));
    await waitFor(() => expect(within(bea).queryByRole('form', { name: 'Roles of Bea Lind' })).toBeNull());
  });
});
