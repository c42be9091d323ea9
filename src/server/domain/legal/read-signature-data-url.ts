/**
 * A signature as it travels in the save payload (a PNG data URL) to the PNG's bytes, checked by its pixels
 * (check-signature-png.ts). Refusals are 400 in the step's words: no signature at all is the spec's 'Please provide
 * your signature first.' (as a blank pad is); anything that is not base64 of a PNG is 'must be a PNG image'.
 */
import { SIGNATURE_DATA_URL_PREFIX } from '../../../shared/legal.ts';
import { messages } from '../../../shared/messages.ts';
import { AppError } from '../../errors/app-error.ts';
import { checkSignaturePng } from './check-signature-png.ts';

/** Strict base64 (RFC 4648 alphabet, padding only at the end): Buffer.from would skip any character it does not know. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export type SignatureRead = { ok: true; png: Uint8Array } | { ok: false; error: AppError };

const refused = (message: string): SignatureRead => ({ ok: false, error: new AppError('BAD_REQUEST', message, { field: 'signature' }) });

export function readSignatureDataUrl(dataUrl: string): SignatureRead {
  if (dataUrl.trim() === '') return refused(messages.legal.signatureRequired);
  if (!dataUrl.startsWith(SIGNATURE_DATA_URL_PREFIX)) return refused(messages.legal.signatureNotPng);
  const base64 = dataUrl.slice(SIGNATURE_DATA_URL_PREFIX.length);
  if (!BASE64.test(base64)) return refused(messages.legal.signatureNotPng);
  const png = new Uint8Array(Buffer.from(base64, 'base64'));
  const check = checkSignaturePng(png);
  return check.ok ? { ok: true, png } : refused(check.message);
}
