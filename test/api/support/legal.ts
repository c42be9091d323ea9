/**
 * Agreements test helpers, for this step's tests and the ones after it (sealing, downloads, payment):
 *   const { token, userId } = await legalInvestor(t);        // disclosure and KYC complete, on the agreements step
 *   await signAllAgreements(t, token);                        // all seven signed through the API
 *   await completeAgreements(t, token, wallet);               // ... and the step completed (seven sealing jobs)
 *   signaturePng({ scale: 2, seed: 3 }), signatureDataUrl(png) // a drawn signature the server accepts
 *
 * Getting past KYC: `passKyc` sets the KYC row complete and the current step in the database directly (as
 * passDisclosure does for disclosure); KYC's own rules have their own tests, and the agreements only read that it is
 * complete.
 */
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import {
  AGREEMENT_KEYS,
  AGREEMENT_NAMES,
  SIGNATURE_DATA_URL_PREFIX,
  type AgreementConfiguration,
  type AgreementKey,
  type AgreementSubmission,
  type LegalCompleteResponse,
  type LegalProgressResponse,
} from '../../../src/shared/legal.ts';
import * as schema from '../../../src/server/db/schema/index.ts';
import { randomWallet, type ApiTest } from '../harness.ts';
import { passDisclosure } from './kyc.ts';
import { storeCase } from './stored-case.ts';

export type SignatureOptions = {
  /** 1, 2 or 3: the pad's 500 x 120 at that density. */
  scale?: number;
  /** Another seed draws another signature (another image, same acceptance). */
  seed?: number;
  /** 'signature' (default): a scribble across the pad; 'blank': nothing drawn; 'dot': a speck; 'line': a straight stroke. */
  ink?: 'signature' | 'blank' | 'dot' | 'line';
  /** The canvas size in pixels, when not the pad's at `scale` (for wrong-size tests). */
  width?: number;
  height?: number;
};

/** A PNG as the signature pad exports it: dark ink on a transparent canvas. */
export function signaturePng({ scale = 1, seed = 1, ink = 'signature', width, height }: SignatureOptions = {}): Uint8Array {
  const w = width ?? 500 * scale;
  const h = height ?? 120 * scale;
  const png = new PNG({ width: w, height: h });
  png.data.fill(0);
  const dot = (x: number, y: number, r: number) => {
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        const px = Math.round(x + dx);
        const py = Math.round(y + dy);
        if (px < 0 || py < 0 || px >= w || py >= h || dx * dx + dy * dy > r * r) continue;
        const i = (py * w + px) * 4;
        png.data[i] = 20;
        png.data[i + 1] = 20;
        png.data[i + 2] = 60;
        png.data[i + 3] = 255;
      }
    }
  };
  const s = w / 500;
  if (ink === 'dot') dot(250 * s, 60 * s, 2 * s);
  if (ink === 'line') for (let x = 40; x < 460; x += 0.5) dot(x * s, 60 * s, 1.5 * s);
  if (ink === 'signature') {
    for (let x = 30; x < 470; x += 0.5) dot(x * s, (60 + 35 * Math.sin(x / (12 + seed)) * Math.cos(x / 50)) * s, 2 * s);
  }
  return new Uint8Array(PNG.sync.write(png));
}

export const signatureDataUrl = (png: Uint8Array): string => SIGNATURE_DATA_URL_PREFIX + Buffer.from(png).toString('base64');

/** Marks KYC complete (under review) and moves the investor to the agreements step. */
export async function passKyc(t: ApiTest, userId: string): Promise<void> {
  const { db } = t.database;
  await passDisclosure(t, userId);
  await db.update(schema.kycVerifications).set({ status: 'UNDER_REVIEW', completedAt: t.clock.now(), currentStep: 5, finalReviewCompleted: true }).where(eq(schema.kycVerifications.userId, userId));
  await db.update(schema.userDetails).set({ currentStep: 'agreements' }).where(eq(schema.userDetails.userId, userId));
  await storeCase(t, userId);
}

/** A new investor whose disclosure and KYC steps are complete. */
export async function legalInvestor(t: ApiTest, overrides: Partial<Record<string, unknown>> = {}): Promise<{ token: string; userId: string; email: string }> {
  const { token, user, payload } = await t.register(overrides);
  await passKyc(t, user.userId);
  return { token, userId: user.userId, email: payload.email };
}

export async function legalProgress(t: ApiTest, token: string): Promise<LegalProgressResponse> {
  const res = await t.get('/api/legal/progress', token);
  if (res.status !== 200) throw new Error(`legal progress: ${res.status} ${await res.text()}`);
  return (await res.json()) as LegalProgressResponse;
}

/** Every required box of a configuration ticked (and the optional ones left out). */
export const requiredTicks = (config: AgreementConfiguration): Record<string, boolean> =>
  Object.fromEntries(config.checkboxes.filter((box) => box.required).map((box) => [box.id, true]));

/** A submission that signs the configuration: every box ticked, a drawn signature. */
export function signing(config: AgreementConfiguration, options: SignatureOptions = {}): AgreementSubmission {
  return {
    sha256: config.sha256,
    accepted: true,
    signature: signatureDataUrl(signaturePng(options)),
    signed: true,
    signedAt: null,
    checkboxes: Object.fromEntries(config.checkboxes.map((box) => [box.id, true])),
  };
}

export const saveAgreements = (t: ApiTest, token: string, agreements: Partial<Record<string, AgreementSubmission>>, walletAddress?: string) =>
  t.post('/api/legal/save-progress', walletAddress === undefined ? { agreements } : { agreements, walletAddress }, token);

/** Signs one agreement through the API; returns the progress. */
export async function signAgreement(t: ApiTest, token: string, key: AgreementKey, options: SignatureOptions = {}): Promise<LegalProgressResponse> {
  const { configurations } = await legalProgress(t, token);
  const res = await saveAgreements(t, token, { [AGREEMENT_NAMES[key]]: signing(configurations[key], options) });
  if (res.status !== 200) throw new Error(`sign ${key}: ${res.status} ${await res.text()}`);
  return (await res.json()) as LegalProgressResponse;
}

/** Signs every agreement (but those in `except`) in one save; returns the progress. */
export async function signAllAgreements(t: ApiTest, token: string, { except = [] as AgreementKey[], walletAddress }: { except?: AgreementKey[]; walletAddress?: string } = {}): Promise<LegalProgressResponse> {
  const { configurations } = await legalProgress(t, token);
  const agreements = Object.fromEntries(AGREEMENT_KEYS.filter((key) => !except.includes(key)).map((key, i) => [AGREEMENT_NAMES[key], signing(configurations[key], { seed: i + 1 })]));
  const res = await saveAgreements(t, token, agreements, walletAddress);
  if (res.status !== 200) throw new Error(`sign all: ${res.status} ${await res.text()}`);
  return (await res.json()) as LegalProgressResponse;
}

/** All seven signed, the wallet saved, the step completed. */
export async function completeAgreements(t: ApiTest, token: string, walletAddress = randomWallet()): Promise<LegalCompleteResponse> {
  await signAllAgreements(t, token, { walletAddress });
  const res = await t.post('/api/legal/complete', {}, token);
  if (res.status !== 200) throw new Error(`complete: ${res.status} ${await res.text()}`);
  return (await res.json()) as LegalCompleteResponse;
}

export const signatureRows = (t: ApiTest, userId: string) => t.database.db.select().from(schema.agreementSignatures).where(eq(schema.agreementSignatures.userId, userId));
