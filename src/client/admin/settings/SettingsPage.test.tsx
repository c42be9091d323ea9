// @vitest-environment happy-dom
/**
 * The settings page with a fake AdminApi: the values and history shown, a save sends the form's values with the
 * updatedAt read, the answer is shown with 'Saved.', a 409 shows the server's words and the values now in force,
 * a pinned value is read-only with its variable, an auditor sees no Save.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsMessages } from '../../../shared/admin/settings-messages.ts';
import type { AdminSettingsResponse } from '../../../shared/admin/settings.ts';
import { AdminApiError, type AdminApi } from '../admin-api.ts';
import type { AdminPageProps } from '../admin-page-props.ts';
import SettingsPage from './SettingsPage.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const FIRST: AdminSettingsResponse = {
  values: { tokenPrice: 1.5, minInvestment: 100, maxInvestment: 1_000_000, kycFourEyesAboveEur: 100_000, kycReviewTargetHours: 48 },
  updatedAt: '2026-11-25T00:00:00.000Z',
  pinned: {},
  history: [{ id: 'h1', key: 'tokenPrice', oldValue: 1, newValue: 1.5, source: 'environment', staffName: null, at: '2026-11-24T10:00:00.000Z' }],
};

function fakeApi(overrides: Partial<AdminApi> = {}): AdminApi {
  return {
    get: vi.fn(async () => FIRST) as AdminApi['get'],
    post: vi.fn() as AdminApi['post'],
    put: vi.fn() as AdminApi['put'],
    delete: vi.fn() as AdminApi['delete'],
    upload: vi.fn() as AdminApi['upload'],
    blob: vi.fn() as AdminApi['blob'],
    ...overrides,
  };
}

const props = (api: AdminApi, roles: AdminPageProps['staff']['roles'] = ['issuer-admin']): AdminPageProps => ({
  api,
  staff: { id: 's1', email: 'a@foundation.example', displayName: 'A', roles },
  subPath: '',
  search: '',
  navigate: () => {},
});

afterEach(cleanup);

describe('SettingsPage', () => {
  it('shows the values and history; Save sends the values with the updatedAt read and shows the answer', async () => {
    const saved = { ...FIRST, values: { ...FIRST.values, minInvestment: 250 }, updatedAt: '2026-11-25T00:01:00.000Z' };
    const api = fakeApi({ put: vi.fn(async () => saved) as AdminApi['put'] });
    render(<SettingsPage {...props(api)} />);
    const min = (await screen.findByLabelText('Minimum investment (EUR)')) as HTMLInputElement;
    expect(min.value).toBe('100');
    expect(screen.getByText('Environment (at start)')).toBeTruthy();
    fireEvent.change(min, { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Saved.');
    expect(api.put).toHaveBeenCalledWith('/api/admin/settings', { ...FIRST.values, minInvestment: 250, expectedUpdatedAt: FIRST.updatedAt }, expect.anything());
    expect(((await screen.findByLabelText('Minimum investment (EUR)')) as HTMLInputElement).value).toBe('250');
  });

  it("a 409 shows the server's words and the settings now in force", async () => {
    const now = { ...FIRST, values: { ...FIRST.values, tokenPrice: 2 }, updatedAt: '2026-11-25T00:05:00.000Z' };
    const get = vi.fn().mockResolvedValueOnce(FIRST).mockResolvedValueOnce(now);
    const api = fakeApi({ get: get as AdminApi['get'], put: vi.fn(async () => Promise.reject(new AdminApiError(409, 'Someone changed the settings.'))) as AdminApi['put'] });
    render(<SettingsPage {...props(api)} />);
    await screen.findByLabelText('Token price (EUR)');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Someone changed the settings.');
    await waitFor(() => expect((screen.getByLabelText('Token price (EUR)') as HTMLInputElement).value).toBe('2'));
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('the KYC review target: shown, edited, and a value the server would refuse is explained without sending', async () => {
    const api = fakeApi({ put: vi.fn(async () => FIRST) as AdminApi['put'] });
    render(<SettingsPage {...props(api)} />);
    const target = (await screen.findByLabelText('KYC review target (hours)')) as HTMLInputElement;
    expect(target.value).toBe('48');
    fireEvent.change(target, { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe(settingsMessages.targetHours);
    expect(api.put).not.toHaveBeenCalled();
    fireEvent.change(target, { target: { value: '24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/api/admin/settings', { ...FIRST.values, kycReviewTargetHours: 24, expectedUpdatedAt: FIRST.updatedAt }, expect.anything()));
  });

  it('a pinned value is read-only and names its variable; an auditor has no Save', async () => {
    const api = fakeApi({ get: vi.fn(async () => ({ ...FIRST, pinned: { tokenPrice: 'TOKEN_PRICE' } })) as AdminApi['get'] });
    render(<SettingsPage {...props(api, ['auditor'])} />);
    const price = (await screen.findByLabelText('Token price (EUR)')) as HTMLInputElement;
    expect(price.readOnly).toBe(true);
    expect(screen.getByText(/Set by TOKEN_PRICE in the server's environment/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
    expect(screen.getByText(/Read-only/)).toBeTruthy();
  });
});
