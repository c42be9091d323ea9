/**
 * KYC test helpers: investors past disclosure, sample files recognisable by their first bytes, multipart bodies
 * (FormData as a browser sends it, or a hand-built stream that produces its bytes only as they are read).
 *
 * Getting past disclosure: `passDisclosure` sets disclosure_progress.completed and user_details.current_step in the
 * database directly; the disclosure rules have their own tests, and KYC only reads that the step is complete.
 */
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { AmlDraft, KycDocumentType, KycUploadResponse, KycStatusResponse } from '../../../src/shared/kyc.ts';
import * as schema from '../../../src/server/db/schema/index.ts';
import { bearer, type ApiTest } from '../harness.ts';
import { storeCase } from './stored-case.ts';

const MAGIC = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  pdf: [...Buffer.from('%PDF-1.7\n')],
} as const;

/** `size` bytes starting with the type's signature, the rest random (so two files never collide). */
export function sampleFile(kind: keyof typeof MAGIC, size = 2048): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(randomBytes(size));
  bytes.set(MAGIC[kind].slice(0, size));
  return bytes;
}

export const VALID_AML: AmlDraft = {
  fundsSource: 'salary',
  annualVolume: '50k-100k',
  occupation: 'Mathematician',
  additionalInfo: 'Savings from royalties.',
  declarations: { pep: true, sanctions: true, criminal: true, funds: true },
};

export async function passDisclosure(t: ApiTest, userId: string): Promise<void> {
  const { db } = t.database;
  await db.update(schema.disclosureProgress).set({ completed: true, completedAt: t.clock.now() }).where(eq(schema.disclosureProgress.userId, userId));
  await db.update(schema.userDetails).set({ currentStep: 'kyc' }).where(eq(schema.userDetails.userId, userId));
  await storeCase(t, userId);
}

/** A new investor whose disclosure step is complete. */
export async function kycInvestor(t: ApiTest): Promise<{ token: string; userId: string }> {
  const { token, user } = await t.register();
  await passDisclosure(t, user.userId);
  return { token, userId: user.userId };
}

export type UploadInput = { type: string; step?: string; name: string; bytes: Uint8Array<ArrayBuffer>; declaredType?: string; fileFirst?: boolean };

/** POST upload-document as a browser's FormData would send it. */
export function uploadRequest(t: ApiTest, token: string, { type, step, name, bytes, declaredType = 'application/octet-stream', fileFirst = false }: UploadInput) {
  const form = new FormData();
  const file = new File([bytes], name, { type: declaredType });
  if (fileFirst) form.append('file', file);
  form.append('type', type);
  if (step !== undefined) form.append('step', step);
  if (!fileFirst) form.append('file', file);
  return t.request('/api/kyc/upload-document', { method: 'POST', headers: bearer(token), body: form });
}

export async function upload(t: ApiTest, token: string, input: UploadInput): Promise<KycUploadResponse> {
  const res = await uploadRequest(t, token, input);
  if (res.status !== 201) throw new Error(`upload: expected 201, got ${res.status} ${await res.text()}`);
  return (await res.json()) as KycUploadResponse;
}

export const uploadAs = (t: ApiTest, token: string, type: KycDocumentType, kind: keyof typeof MAGIC = 'pdf', size = 2048) =>
  upload(t, token, { type, name: `${type}.${kind}`, bytes: sampleFile(kind, size) });

export const saveStep = (t: ApiTest, token: string, step: number, stepData: unknown) => t.post('/api/kyc/save-step', { step, stepData }, token);

export async function kycStatus(t: ApiTest, token: string): Promise<KycStatusResponse> {
  const res = await t.get('/api/kyc/status', token);
  if (res.status !== 200) throw new Error(`status: ${res.status}`);
  return (await res.json()) as KycStatusResponse;
}

/** Steps 1 to 4 saved with fresh uploads; returns the uploads. */
export async function completeSteps(t: ApiTest, token: string, upTo = 4) {
  const identity = await uploadAs(t, token, 'identity', 'pdf');
  const selfie = await uploadAs(t, token, 'selfie', 'jpeg');
  const utility = await uploadAs(t, token, 'address_utility', 'pdf');
  const bank = await uploadAs(t, token, 'address_bank', 'png');
  const saves = [
    () => saveStep(t, token, 1, { fileName: identity.fileName, fileType: identity.fileType, fileSize: identity.fileSize, filePath: identity.filePath }),
    () => saveStep(t, token, 2, { fileName: selfie.fileName }),
    () => saveStep(t, token, 3, { utilityBillUploaded: true, utilityBillFileName: utility.fileName, bankStatementUploaded: true, bankStatementFileName: bank.fileName }),
    () => saveStep(t, token, 4, VALID_AML),
  ];
  for (const save of saves.slice(0, upTo)) {
    const res = await save();
    if (res.status !== 200) throw new Error(`save-step: ${res.status} ${await res.text()}`);
  }
  return { identity, selfie, utility, bank };
}

/** Everything in the store's directory, temporary files included. */
export const filesOnDisk = async (t: ApiTest) => (await readdir(t.storage.dir)).sort();

export const documentRows = (t: ApiTest, userId: string) =>
  t.database.db.select().from(schema.kycDocuments).where(eq(schema.kycDocuments.userId, userId));

/**
 * A multipart body of one file of `fileSize` bytes (starting with `head`), produced in 64 KB chunks only as the
 * reader asks for them. `pulled()` tells how many file bytes the server read.
 */
export function streamingUpload({ type, name, head, fileSize }: { type: string; name: string; head: Uint8Array; fileSize: number }) {
  const boundary = `----kyc${randomBytes(8).toString('hex')}`;
  const encoder = new TextEncoder();
  const preamble = encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const epilogue = encoder.encode(`\r\n--${boundary}--\r\n`);
  const chunk = new Uint8Array(64 * 1024).fill(0x41);
  let sent = 0;
  let stage: 'preamble' | 'file' | 'epilogue' | 'done' = 'preamble';
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === 'preamble') {
        controller.enqueue(preamble);
        stage = 'file';
      } else if (stage === 'file') {
        const size = Math.min(chunk.byteLength, fileSize - sent);
        const piece = chunk.slice(0, size);
        if (sent === 0) piece.set(head.subarray(0, size));
        controller.enqueue(piece);
        sent += size;
        if (sent >= fileSize) stage = 'epilogue';
      } else if (stage === 'epilogue') {
        controller.enqueue(epilogue);
        stage = 'done';
      } else controller.close();
    },
  });
  return { stream, contentType: `multipart/form-data; boundary=${boundary}`, pulled: () => sent };
}

export type FormPart = { name: string; value: string } | { name: string; filename: string; bytes: Uint8Array };

/** A whole multipart body in one buffer, parts in the given order (as a client would write it in one go). */
export function multipartBody(parts: readonly FormPart[]): { body: Buffer; contentType: string } {
  const boundary = `----kyc${randomBytes(8).toString('hex')}`;
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const file = 'bytes' in part;
    pieces.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file ? `; filename="${part.filename}"\r\nContent-Type: application/octet-stream` : ''}\r\n\r\n`,
      ),
      file ? Buffer.from(part.bytes) : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(pieces), contentType: `multipart/form-data; boundary=${boundary}` };
}
