/**
 * A registered investor without clicking through registration (the auth journey covers that): the API calls a
 * browser makes, with the code read from the server's outbox, then the session put where the app keeps it.
 */
import type { Page } from 'playwright-core';
import type { AuthResponse, CodeChallenge } from '../../../src/shared/auth.ts';
import type { DisclosureProgressResponse } from '../../../src/shared/disclosure.ts';
import { messages } from '../../../src/shared/messages.ts';
import { baseUrl } from './browser.ts';
import { JPEG, PDF, PNG } from './files.ts';
import { codeFromOutbox } from './outbox.ts';

let counter = 0;

const post = async <T,>(path: string, body: unknown, token?: string): Promise<T> => {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

export type Investor = AuthResponse & { email: string };

export async function registerInvestor(label = 'investor'): Promise<Investor> {
  const email = `${label}.${Date.now()}.${++counter}@example.com`;
  const challenge = await post<CodeChallenge>('/api/auth/register', {
    email,
    investmentAmount: 25_000,
    tokenQuantity: 29_411.764706,
    investorType: 'individual',
    fullName: 'Grace Hopper',
    dateOfBirth: '1986-12-09',
    nationality: 'American',
    walletAddress: `0x${'cd34'.repeat(10)}`,
    primaryJurisdiction: 'us',
  });
  const code = await codeFromOutbox(email);
  const auth = await post<AuthResponse>('/api/auth/verify', { challengeId: challenge.challengeId, code });
  return { ...auth, email };
}

/** Opens the app signed in as `investor` at `path`. */
export async function openSignedIn(page: Page, investor: Investor, path: string): Promise<void> {
  await page.goto(`${baseUrl}/auth/login`);
  await page.evaluate(([token, user]) => {
    localStorage.setItem('authToken', token);
    localStorage.setItem('user', user);
  }, [investor.token, JSON.stringify(investor.user)] as const);
  await page.goto(`${baseUrl}${path}`);
}

export async function apiGet<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/**
 * Reads every disclosure section through the API as the browser would (open, wait the minimum on the server's
 * clock, claim time and scroll), then completes the step: for specs that start at KYC. Real seconds pass
 * (E2E_READING_SECONDS per section): the server's clock is the one that counts.
 * Another file may replace a section's document meanwhile (kyc-review's issuer content test), which sends every
 * investor who has not completed the step back to that section, as it would a real reader: the sections still
 * incomplete are read again, a few rounds at most.
 */
export async function completeDisclosureViaApi(investor: Investor): Promise<void> {
  for (let round = 1; ; round++) {
    const sections = await apiGet<{ id: string; minReadingTime: number }[]>('/api/disclosure/sections', investor.token);
    const { disclosureProgress } = await apiGet<DisclosureProgressResponse>('/api/disclosure/progress', investor.token);
    try {
      for (const section of sections) {
        if (disclosureProgress[section.id]?.completed) continue;
        await post('/api/disclosure/save-progress', { sectionProgress: { [section.id]: { opened: true } } }, investor.token);
        const seconds = Math.ceil(section.minReadingTime * 60);
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 100));
        await post('/api/disclosure/save-progress', { sectionProgress: { [section.id]: { opened: true, timeSpent: seconds, scrolled: true } } }, investor.token);
      }
      await post('/api/disclosure/complete', { sectionProgress: {} }, investor.token);
      return;
    } catch (error) {
      const sentBack = [messages.disclosure.incomplete, messages.disclosure.sectionLocked].some((m) => String(error).includes(m));
      if (round === 3 || !sentBack) throw error;
    }
  }
}

async function uploadViaApi(investor: Investor, type: string, step: number, name: string, bytes: Buffer, mime: string) {
  const form = new FormData();
  form.append('type', type);
  form.append('step', String(step));
  form.append('file', new Blob([new Uint8Array(bytes)], { type: mime }), name);
  const res = await fetch(`${baseUrl}/api/kyc/upload-document`, { method: 'POST', headers: { authorization: `Bearer ${investor.token}` }, body: form });
  if (!res.ok) throw new Error(`upload ${type}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { fileName: string; originalName: string; filePath: string; fileType: string; fileSize: number };
}

/** The whole KYC through the API as the browser would (four uploads, four saves, the completion): for specs past KYC. */
/** `id`: the identity document to upload (default: a tiny PNG that is no ID). */
export async function completeKycViaApi(investor: Investor, id: { name: string; bytes: Buffer; type: 'image/png' | 'image/jpeg' } = { name: 'passport.png', bytes: PNG, type: 'image/png' }): Promise<void> {
  const fileData = (u: Awaited<ReturnType<typeof uploadViaApi>>) => ({ fileName: u.fileName, fileType: u.fileType, fileSize: u.fileSize, filePath: u.filePath });
  const identity = await uploadViaApi(investor, 'identity', 1, id.name, id.bytes, id.type);
  await post('/api/kyc/save-step', { step: 1, stepData: fileData(identity) }, investor.token);
  const selfie = await uploadViaApi(investor, 'selfie', 2, 'selfie.jpg', JPEG, 'image/jpeg');
  await post('/api/kyc/save-step', { step: 2, stepData: fileData(selfie) }, investor.token);
  const bill = await uploadViaApi(investor, 'address_utility', 3, 'utility-bill.pdf', PDF, 'application/pdf');
  const bank = await uploadViaApi(investor, 'address_bank', 3, 'bank-statement.jpg', JPEG, 'image/jpeg');
  await post(
    '/api/kyc/save-step',
    {
      step: 3,
      stepData: { utilityBillUploaded: true, utilityBillFileName: bill.fileName, bankStatementUploaded: true, bankStatementFileName: bank.fileName, addressDocumentName: 'utility-bill.pdf, bank-statement.jpg' },
    },
    investor.token,
  );
  await post(
    '/api/kyc/save-step',
    { step: 4, stepData: { fundsSource: 'salary', annualVolume: '50k-100k', occupation: 'Engineer', additionalInfo: '', declarations: { pep: true, sanctions: true, criminal: true, funds: true } } },
    investor.token,
  );
  await post('/api/kyc/complete', {}, investor.token);
}
