/** Helpers for the back-office content tests: real PDFs (pdf-lib), multipart forms, the staff calls. */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { randomBytes } from 'node:crypto';
import { bearer, type ApiTest } from '../harness.ts';

/** A one-page PDF that opens; its bytes (so its SHA-256) depend on `label`. */
export async function realPdf(label: string): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  const page = doc.addPage([300, 200]);
  page.drawText(label, { x: 20, y: 100, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  return new Uint8Array(await doc.save({ useObjectStreams: false })) as Uint8Array<ArrayBuffer>;
}

export type FormFields = Record<string, string>;

/** POST a multipart form as a browser sends it: the fields first, then the file (if any). */
export function postForm(t: ApiTest, path: string, token: string, fields: FormFields, file?: { bytes: Uint8Array<ArrayBuffer>; name?: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file.bytes], { type: 'application/pdf' }), file.name ?? 'document.pdf');
  return t.request(path, { method: 'POST', headers: bearer(token), body: form });
}

/** A multipart body whose stream fails after `bytesBeforeFailure` file bytes (a client that goes away). */
export function abortedForm(fields: FormFields, head: Uint8Array, bytesBeforeFailure: number) {
  const boundary = `----content${randomBytes(8).toString('hex')}`;
  const encoder = new TextEncoder();
  let preamble = '';
  for (const [name, value] of Object.entries(fields)) preamble += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  preamble += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="doc.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  let stage = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === 0) controller.enqueue(encoder.encode(preamble));
      else if (stage === 1) {
        const piece = new Uint8Array(bytesBeforeFailure).fill(0x41);
        piece.set(head.subarray(0, Math.min(head.byteLength, bytesBeforeFailure)));
        controller.enqueue(piece);
      } else controller.error(new Error('client went away'));
      stage++;
    },
  });
  return { stream, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A multipart body with one file of `fileSize` bytes starting with `head`, produced only as it is read. */
export function largeForm(fields: FormFields, head: Uint8Array, fileSize: number) {
  const boundary = `----content${randomBytes(8).toString('hex')}`;
  const encoder = new TextEncoder();
  let preamble = '';
  for (const [name, value] of Object.entries(fields)) preamble += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  preamble += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  let sent = -1;
  const chunk = new Uint8Array(256 * 1024).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === -1) {
        controller.enqueue(encoder.encode(preamble));
        sent = 0;
      } else if (sent < fileSize) {
        const piece = chunk.slice(0, Math.min(chunk.byteLength, fileSize - sent));
        if (sent === 0) piece.set(head);
        controller.enqueue(piece);
        sent += piece.byteLength;
      } else if (sent === fileSize) {
        controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
        sent++;
      } else controller.close();
    },
  });
  return { stream, contentType: `multipart/form-data; boundary=${boundary}`, pulled: () => Math.max(sent, 0) };
}

export const sendStream = (t: ApiTest, path: string, token: string, body: { stream: ReadableStream<Uint8Array>; contentType: string }) =>
  t.request(path, { method: 'POST', headers: { ...bearer(token), 'content-type': body.contentType }, body: body.stream, duplex: 'half' } as RequestInit);
