// @vitest-environment happy-dom
/**
 * The content page with a fake AdminApi: sections and agreements with their counts, an edit sent as the form the
 * server reads (fields first, then the file), the list loaded again and a notice of what happened to investors, a
 * refusal kept beside the open form, a preview in the shared document viewer, an auditor without edit buttons.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminContentResponse } from '../../../shared/admin/content.ts';
import { AdminApiError, type AdminApi } from '../admin-api.ts';
import type { AdminPageProps } from '../admin-page-props.ts';

// The shared viewer (pdf.js) has its own tests: here it only shows what it was asked to open.
vi.mock('../../ui/document-viewer/index.ts', async () => {
  const { createElement } = await import('react');
  return {
    DocumentViewer: (props: { url: string; token?: string | null; title?: string }) =>
      createElement('div', { 'data-testid': 'viewer', 'data-url': props.url, 'data-token': props.token ?? '' }, `Viewer: ${props.title}`),
  };
});

const { default: ContentPage } = await import('./ContentPage.tsx');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SHA = 'a'.repeat(64);
const LIST: AdminContentResponse = {
  sections: [
    {
      id: 's1',
      slug: 'risk-factors',
      title: 'Risk Factors',
      order: 1,
      minReadingSeconds: 90,
      sha256: SHA,
      sizeBytes: 2048,
      readers: 3,
      updatedAt: '2026-11-24T10:00:00.000Z',
      retiredAt: null,
      history: [{ at: '2026-11-24T10:00:00.000Z', action: 'admin.content.disclosure.update', staffName: 'Ana Ruiz', oldSha256: 'b'.repeat(64), newSha256: SHA }],
    },
    { id: 's2', slug: 'terms', title: 'Terms', order: 2, minReadingSeconds: 60, sha256: SHA, sizeBytes: 2048, readers: 0, updatedAt: '2026-11-24T10:00:00.000Z', retiredAt: null, history: [] },
  ],
  agreements: [
    {
      key: 'ppm',
      order: 1,
      current: { id: 'v1', title: 'Private Placement Memorandum', sha256: SHA, sizeBytes: 4096, checkboxes: [{ id: 'read', text: 'I read it', required: true, critical: true }], signatureField: 'f', dateField: 'd', createdAt: '2026-11-01T00:00:00.000Z', retiredAt: null, signers: 5 },
      versions: [],
    },
  ],
};
LIST.agreements[0]!.versions = [LIST.agreements[0]!.current!];

function fakeApi(overrides: Partial<AdminApi> = {}): AdminApi {
  return {
    get: vi.fn(async () => LIST) as AdminApi['get'],
    post: vi.fn() as AdminApi['post'],
    put: vi.fn() as AdminApi['put'],
    delete: vi.fn() as AdminApi['delete'],
    upload: vi.fn(async () => ({ changed: true, resetInvestors: 2 })) as AdminApi['upload'],
    blob: vi.fn() as AdminApi['blob'],
    ...overrides,
  };
}

const props = (api: AdminApi, roles: AdminPageProps['staff']['roles'] = ['issuer-admin']): AdminPageProps => ({
  api,
  staff: { id: 'st', email: 'a@foundation.example', displayName: 'A', roles },
  subPath: '',
  navigate: () => {},
});

afterEach(cleanup);

describe('ContentPage', () => {
  it('shows sections and agreements with their counts', async () => {
    render(<ContentPage {...props(fakeApi())} />);
    expect(await screen.findByText('Risk Factors')).toBeTruthy();
    expect(screen.getByText(/3 investors have read it/)).toBeTruthy();
    expect(screen.getByText(/5 signed this version/)).toBeTruthy();
  });

  it('an edit with a new document: fields then file, the list again, the notice', async () => {
    const api = fakeApi();
    render(<ContentPage {...props(api)} />);
    const card = (await screen.findByText('Risk Factors')).closest('li')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    fireEvent.change(within(card).getByLabelText(/^Title/), { target: { value: 'Risk Factors 2026' } });
    const file = new File(['%PDF-1.7 new'], 'risk.pdf', { type: 'application/pdf' });
    fireEvent.change(within(card).getByLabelText('New document (PDF, optional)'), { target: { files: [file] } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect((await screen.findByText(/2 investors will read the new document again/)).textContent).toContain('Saved.');
    const [path, form] = (api.upload as ReturnType<typeof vi.fn>).mock.calls[0]! as [string, FormData];
    expect(path).toBe('/api/admin/content/disclosure/s1');
    expect([...form.keys()]).toEqual(['title', 'order', 'minReadingSeconds', 'file']);
    expect(form.get('title')).toBe('Risk Factors 2026');
    expect(api.get).toHaveBeenCalledTimes(2);
    expect(within(card).queryByLabelText(/^Title/)).toBeNull();
  });

  it('history in words with the staff member and the time zone, never the audit code', async () => {
    render(<ContentPage {...props(fakeApi())} />);
    const card = (await screen.findByRole('heading', { name: 'Risk Factors' })).closest('li')!;
    const line = within(card).getByText(/Document replaced by Ana Ruiz/).closest('li')!;
    expect(line.textContent).not.toMatch(/admin\.content/);
    expect(line.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-24T10:00:00.000Z');
    expect(line.querySelector('time')?.textContent).toMatch(/2026.*(UTC|GMT|[A-Z]{3,4}|[+-]\d)/);
  });

  it('agreement checkboxes as rows: add, check, flag, move, then the list sent in order', async () => {
    const api = fakeApi();
    render(<ContentPage {...props(api)} />);
    const card = (await screen.findByRole('heading', { name: 'Private Placement Memorandum' })).closest('li')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const form = within(card).getByRole('form', { name: 'Edit Private Placement Memorandum' });
    expect((within(form).getByLabelText(/^Statement of checkbox 1/) as HTMLTextAreaElement).value).toBe('I read it');
    expect((within(form).getByLabelText('Critical (checkbox 1)') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Add a checkbox' }));
    // An empty statement is not sent: its fault is shown at the row.
    fireEvent.click(within(form).getByRole('button', { name: 'Save as new version' }));
    const statement2 = within(form).getByLabelText(/^Statement of checkbox 2/);
    expect(statement2.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Please write the statement: 1 to 2000 characters.')).toBeTruthy();
    expect(api.upload).not.toHaveBeenCalled();
    fireEvent.change(statement2, { target: { value: 'I am a qualified investor.' } });
    expect(within(form).queryByText('Please write the statement: 1 to 2000 characters.')).toBeNull();
    // Critical ticks Required with it (a critical statement is always required).
    fireEvent.click(within(form).getByLabelText('Required (checkbox 2)'));
    fireEvent.click(within(form).getByLabelText('Critical (checkbox 2)'));
    expect((within(form).getByLabelText('Required (checkbox 2)') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Move up checkbox 2' }));
    expect((within(form).getByLabelText(/^Statement of checkbox 1/) as HTMLTextAreaElement).value).toBe('I am a qualified investor.');
    expect((within(form).getByRole('button', { name: 'Move up checkbox 1' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Save as new version' }));
    await screen.findByText(/Saved as a new version/);
    const [path, sent] = (api.upload as ReturnType<typeof vi.fn>).mock.calls[0]! as [string, FormData];
    expect(path).toBe('/api/admin/content/agreements/ppm');
    expect(JSON.parse(sent.get('checkboxes') as string)).toEqual([
      { id: 'box_1', text: 'I am a qualified investor.', required: true, critical: true },
      { id: 'read', text: 'I read it', required: true, critical: true },
    ]);
  });

  it('a removed row: the last one cannot go (an agreement needs one)', async () => {
    render(<ContentPage {...props(fakeApi())} />);
    const card = (await screen.findByRole('heading', { name: 'Private Placement Memorandum' })).closest('li')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    expect((within(card).getByRole('button', { name: 'Remove checkbox 1' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(card).getByRole('button', { name: 'Add a checkbox' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Remove checkbox 1' }));
    expect((within(card).getByLabelText(/^Statement of checkbox 1/) as HTMLTextAreaElement).value).toBe('');
    expect(within(card).queryByLabelText(/^Statement of checkbox 2/)).toBeNull();
  });

  it("a refusal keeps the form open with the server's words", async () => {
    const api = fakeApi({ upload: vi.fn(async () => Promise.reject(new AdminApiError(415, 'The file must be a PDF document.'))) as AdminApi['upload'] });
    render(<ContentPage {...props(api)} />);
    const card = (await screen.findByRole('heading', { name: 'Private Placement Memorandum' })).closest('li')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Save as new version' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The file must be a PDF document.');
    expect(within(card).getByLabelText(/^Title/)).toBeTruthy();
    const [path, form] = (api.upload as ReturnType<typeof vi.fn>).mock.calls[0]! as [string, FormData];
    expect(path).toBe('/api/admin/content/agreements/ppm');
    expect(JSON.parse(form.get('checkboxes') as string)).toEqual(LIST.agreements[0]!.current!.checkboxes);
  });

  it('a preview opens the document in the shared viewer with the staff token, until closed; an auditor has no Edit', async () => {
    render(<ContentPage {...props(fakeApi(), ['auditor'])} getToken={() => 'staff-token'} />);
    const card = (await screen.findByRole('heading', { name: 'Risk Factors' })).closest('li')!;
    expect(within(card).queryByRole('button', { name: 'Edit' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Preview' }));
    const viewer = await screen.findByTestId('viewer');
    expect([viewer.dataset.url, viewer.dataset.token]).toEqual(['/api/admin/content/disclosure/s1/pdf', 'staff-token']);
    expect(screen.getByRole('region', { name: 'Preview: Risk Factors' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close preview' }));
    await waitFor(() => expect(screen.queryByTestId('viewer')).toBeNull());
  });
});
