/**
 * One investor's whole journey through the API, every call in the order the app makes it (the effects in
 * src/client/effects/*): registration and code, the status reads each process page starts with, disclosure (two
 * sections, minimum reading time 0), KYC with real small uploads, the seven agreements signed one by one and then
 * completed with the wallet, and a wire payment (initiate + process). Each call is timed and recorded under its
 * endpoint; a non-2xx answer is recorded and ends that investor's journey (what follows would only fail too).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { PNG } from 'pngjs';
import type { DisclosureProgressResponse, DisclosureSection } from '../../shared/disclosure.ts';
import type { KycUploadResponse } from '../../shared/kyc.ts';
import { AGREEMENT_KEYS, AGREEMENT_NAMES, SIGNATURE_DATA_URL_PREFIX, type LegalProgressResponse } from '../../shared/legal.ts';
import { paymentAmounts, fromCents, type BankTransactionConfigResponse, type InitiatePaymentResponse } from '../../shared/payment.ts';
import { tokensFor } from '../../shared/registration.ts';
import type { OutboxCodes } from './journey-outbox.ts';

/** Latencies (ms) and failures per endpoint label, shared by every investor of a run. */
export class CallLog {
  readonly latencies = new Map<string, number[]>();
  readonly failures = new Map<string, number>();
  /** Calls sent a second time after a network error or a 502/503 (only with `retry`; see RETRY below). */
  readonly retried = new Map<string, number>();
  readonly samples: string[] = [];

  countRetry(label: string): void {
    this.retried.set(label, (this.retried.get(label) ?? 0) + 1);
  }

  record(label: string, ms: number, ok: boolean, detail: string): void {
    let list = this.latencies.get(label);
    if (!list) this.latencies.set(label, (list = []));
    list.push(ms);
    if (!ok) {
      this.failures.set(label, (this.failures.get(label) ?? 0) + 1);
      if (this.samples.length < 10) this.samples.push(`${label}: ${detail}`);
    }
  }
}

export class JourneyStop extends Error {
  override readonly name = 'JourneyStop';
}

/**
 * What a client may send again, once, when a call got no answer (a network error: the instance died with the request)
 * or a 502/503 (the proxy found no instance, or one draining). nginx itself re-sends GETs to the other instance; a POST
 * already sent it never re-sends, so the client decides, and only where a repeat changes nothing on the server:
 * - 'idempotent': every GET (reads); POST /api/auth/verify (the same right code again answers the same session,
 *   verify-email-code.ts); the save-progress and save-step calls (they store the state sent: the same state twice
 *   writes nothing the second time); the three completes and payment/process ("the same again answers the same and
 *   writes nothing"); payment/initiate (finds the investor's one open payment of the method again); auth/register (a
 *   repeat within 60 s gets a challenge sharing the first mail's code and no second mail, issue-email-challenge.ts).
 * - 'repeat': the KYC upload is NOT idempotent (a repeat stores a second file); it is repeated the way the wizard's
 *   investor does after a failed upload (picks the file again), and counted apart so the report says so.
 * Nothing else is ever repeated.
 */
export type RetryKind = 'idempotent' | 'repeat' | 'never';

const IDEMPOTENT_POSTS = new Set([
  'POST /api/auth/register',
  'POST /api/auth/verify',
  'POST /api/disclosure/save-progress',
  'POST /api/disclosure/complete',
  'POST /api/kyc/save-step',
  'POST /api/kyc/complete',
  'POST /api/legal/save-progress',
  'POST /api/legal/complete',
  'POST /api/payment/initiate',
  'POST /api/payment/process',
]);

export function retryKind(method: 'GET' | 'POST', label: string): RetryKind {
  if (method === 'GET' || IDEMPOTENT_POSTS.has(label)) return 'idempotent';
  if (label === 'POST /api/kyc/upload-document') return 'repeat';
  return 'never';
}

/** No answer, or the proxy's / a draining instance's "try elsewhere". */
const worthRetrying = (status: number) => status === 0 || status === 502 || status === 503;
const RETRY_PAUSE_MS = 250;

/** A 500 x 120 PNG with a scribble, as the signature pad exports it (made once: encoding it costs the bench CPU). */
const SIGNATURE = ((): string => {
  const png = new PNG({ width: 500, height: 120 });
  png.data.fill(0);
  for (let x = 30; x < 470; x += 0.5) {
    const y = Math.round(60 + 35 * Math.sin(x / 13) * Math.cos(x / 50));
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) {
        const i = ((y + dy) * 500 + Math.round(x + dx)) * 4;
        png.data.set([20, 20, 60, 255], i);
      }
    }
  }
  return SIGNATURE_DATA_URL_PREFIX + PNG.sync.write(png).toString('base64');
})();

const MAGIC = { pdf: Buffer.from('%PDF-1.7\n'), jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0]), png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) };

/** `size` bytes with the type's signature first (the server decides the type by the bytes), the rest random. */
function sampleFile(kind: keyof typeof MAGIC, size = 20 * 1024): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(randomBytes(size));
  bytes.set(MAGIC[kind]);
  return bytes;
}

const AML = {
  fundsSource: 'salary',
  annualVolume: '50k-100k',
  occupation: 'Engineer',
  additionalInfo: '',
  declarations: { pep: true, sanctions: true, criminal: true, funds: true },
};

export type JourneyContext = {
  baseUrl: string;
  outbox: Pick<OutboxCodes, 'code'>;
  log: CallLog;
  tokenPrice: number;
  /** Send a call again once as RetryKind allows (the cluster bench, where instances die mid-request). Default off. */
  retry?: boolean;
};

export async function runJourney({ baseUrl, outbox, log, tokenPrice, retry = false }: JourneyContext, n: number, runId: string): Promise<void> {
  let token = '';
  // One client address per investor (TRUST_PROXY=1): the per-address registration limits must not see the bench as one client.
  const forwarded = { 'x-forwarded-for': `198.51.${(n >> 8) & 255}.${n & 255}` };

  async function call<T>(label: string, method: 'GET' | 'POST', path: string, body?: unknown, expect = [200]): Promise<T> {
    const headers: Record<string, string> = { ...forwarded };
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    // The latency recorded is what the investor waits: from the first send to the last answer.
    const started = performance.now();
    let status = 0;
    let text = '';
    let json = false;
    const tries = retry && retryKind(method, label) !== 'never' ? 2 : 1;
    for (let attempt = 1; attempt <= tries; attempt++) {
      if (attempt > 1) {
        log.countRetry(label);
        await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
      }
      status = 0;
      text = '';
      json = false;
      try {
        const response = await fetch(baseUrl + path, { method, headers, body: payload });
        status = response.status;
        json = (response.headers.get('content-type') ?? '').includes('json');
        // A PDF is read to its end as the viewer does; only JSON is kept.
        if (json) text = await response.text();
        else await response.arrayBuffer();
      } catch (error) {
        status = 0;
        text = (error as Error).message;
      }
      if (!worthRetrying(status)) break;
    }
    const ok = expect.includes(status);
    log.record(label, performance.now() - started, ok, `${status} ${text.slice(0, 200)}`);
    if (!ok) throw new JourneyStop(`${label}: ${status}`);
    return (json && text ? JSON.parse(text) : null) as T;
  }
  const get = <T>(label: string, path: string, expect?: number[]) => call<T>(label, 'GET', path, undefined, expect);
  const post = <T>(label: string, path: string, body?: unknown, expect?: number[]) => call<T>(label, 'POST', path, body, expect);
  const upload = (type: string, kind: keyof typeof MAGIC) => {
    const form = new FormData();
    form.append('type', type);
    form.append('file', new File([sampleFile(kind)], `${type}.${kind}`, { type: 'application/octet-stream' }));
    return post<KycUploadResponse>('POST /api/kyc/upload-document', '/api/kyc/upload-document', form, [201]);
  };
  const pageStart = () => get('GET /api/user-details/status', '/api/user-details/status');

  // Registration: the form reads the limits, the code arrives by mail, verify signs in.
  await get('GET /api/settings/investment-limits', '/api/settings/investment-limits');
  const email = `journey-${runId}-${n}@example.com`;
  const investmentAmount = 25_000;
  const registered = await post<{ challengeId: string }>('POST /api/auth/register', '/api/auth/register', {
    email,
    investmentAmount,
    tokenQuantity: tokensFor(investmentAmount, tokenPrice),
    investorType: 'individual',
    fullName: 'Journey Investor',
    dateOfBirth: '1980-01-01',
    nationality: 'German',
    walletAddress: `0x${'a'.repeat(40)}`,
    primaryJurisdiction: 'eu',
  }, [202]);
  const code = await outbox.code(email);
  token = (await post<{ token: string }>('POST /api/auth/verify', '/api/auth/verify', { challengeId: registered.challengeId, code })).token;

  // Disclosure: each section opened (its PDF loaded), then read to the end; then the step completed.
  await pageStart();
  const [sections] = await Promise.all([
    get<DisclosureSection[]>('GET /api/disclosure/sections', '/api/disclosure/sections'),
    get<DisclosureProgressResponse>('GET /api/disclosure/progress', '/api/disclosure/progress'),
  ]);
  const progress: Record<string, { unlocked: boolean; opened: boolean; timeSpent: number; scrolled: boolean; completed: boolean }> = {};
  for (const section of sections) {
    progress[section.id] = { unlocked: true, opened: true, timeSpent: 0, scrolled: false, completed: false };
    if (section.hasPDF) await get('GET /api/disclosure/pdf/:id', `/api/disclosure/pdf/${section.id}`);
    await post('POST /api/disclosure/save-progress', '/api/disclosure/save-progress', { sectionProgress: progress });
    progress[section.id] = { unlocked: true, opened: true, timeSpent: 0, scrolled: true, completed: true };
    await post('POST /api/disclosure/save-progress', '/api/disclosure/save-progress', { sectionProgress: progress });
  }
  await post('POST /api/disclosure/complete', '/api/disclosure/complete', { sectionProgress: progress });

  // KYC: each step's upload then its save (the wizard saves on "continue"), AML, complete.
  await pageStart();
  await get('GET /api/kyc/status', '/api/kyc/status');
  const identity = await upload('identity', 'pdf');
  await post('POST /api/kyc/save-step', '/api/kyc/save-step', { step: 1, stepData: { fileName: identity.fileName, fileType: identity.fileType, fileSize: identity.fileSize, filePath: identity.filePath } });
  const selfie = await upload('selfie', 'jpeg');
  await post('POST /api/kyc/save-step', '/api/kyc/save-step', { step: 2, stepData: { fileName: selfie.fileName, fileType: selfie.fileType, fileSize: selfie.fileSize, filePath: selfie.filePath } });
  const utility = await upload('address_utility', 'pdf');
  const bank = await upload('address_bank', 'png');
  await post('POST /api/kyc/save-step', '/api/kyc/save-step', {
    step: 3,
    stepData: { utilityBillUploaded: true, utilityBillFileName: utility.fileName, bankStatementUploaded: true, bankStatementFileName: bank.fileName },
  });
  await post('POST /api/kyc/save-step', '/api/kyc/save-step', { step: 4, stepData: AML });
  await get('GET /api/kyc/status', '/api/kyc/status');
  await post('POST /api/kyc/complete', '/api/kyc/complete');

  // Agreements: each one's PDF shown, then signed and saved alone; the wallet with all of them; complete.
  await pageStart();
  const { configurations } = await get<LegalProgressResponse>('GET /api/legal/progress', '/api/legal/progress');
  const signings: Record<string, unknown> = {};
  for (const key of AGREEMENT_KEYS) {
    const config = configurations[key];
    await get('GET /api/legal/pdf/:id', config.pdfPath);
    const submission = { sha256: config.sha256, accepted: true, signature: SIGNATURE, signed: true, signedAt: null, checkboxes: Object.fromEntries(config.checkboxes.map((box) => [box.id, true])) };
    signings[AGREEMENT_NAMES[key]] = submission;
    await post('POST /api/legal/save-progress', '/api/legal/save-progress', { agreements: { [AGREEMENT_NAMES[key]]: submission } });
  }
  await post('POST /api/legal/save-progress', '/api/legal/save-progress', { agreements: signings, walletAddress: `0x${'a'.repeat(40)}` });
  await post('POST /api/legal/complete', '/api/legal/complete', { agreements: signings });

  // Payment by wire: the page's start, the bank details, initiate, "I have sent it".
  await pageStart();
  await Promise.all([get('GET /api/payment/status', '/api/payment/status'), get('GET /api/payment/stripe-config', '/api/payment/stripe-config')]);
  const bankConfig = await get<BankTransactionConfigResponse>('GET /api/payment/bank-transaction-config', '/api/payment/bank-transaction-config');
  const { amountCents, feeCents, totalCents } = paymentAmounts(bankConfig.amount, 'WIRE');
  const initiated = await post<InitiatePaymentResponse>('POST /api/payment/initiate', '/api/payment/initiate', {
    paymentMethod: 'WIRE',
    amount: fromCents(amountCents),
    processingFee: fromCents(feeCents),
    totalAmount: fromCents(totalCents),
    wireReference: bankConfig.bankDetails.reference,
  });
  if (initiated.paymentMethod !== 'WIRE') throw new JourneyStop(`initiate answered ${initiated.paymentMethod}`);
  await post('POST /api/payment/process', '/api/payment/process', { paymentMethod: 'WIRE', paymentId: initiated.paymentId, transactionId: initiated.paymentRef });
  await pageStart();
  await get('GET /api/payment/status', '/api/payment/status');
}
