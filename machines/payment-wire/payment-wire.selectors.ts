/** Named reads of the wire transfer for its views. */
import type { SnapshotFrom } from 'xstate';
import { messages } from '../../src/shared/messages.ts';
import type { paymentWireMachine } from './payment-wire.machine.ts';

type S = SnapshotFrom<typeof paymentWireMachine>;

export type WirePhase = 'loading' | 'failed' | 'ready' | 'verifying' | 'done';

export const selectWirePhase = (s: S): WirePhase => {
  if (s.hasTag('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  if (s.matches('done')) return 'done';
  if (s.matches({ ready: 'verifying' }) || s.matches({ ready: 'processing' })) return 'verifying';
  return 'ready';
};
export const selectConfig = (s: S) => s.context.config;
export const selectLoadProblem = (s: S) => s.context.loadProblem;
/** The QR image to show, or the words in its place (spec section 8 "Bank QR"). */
export const selectQr = (s: S): { image: string } | { problem: string } | null => {
  const config = s.context.config;
  if (!config) return null;
  if (s.context.qrDisplayFailed) return { problem: messages.payment.qrDisplayFailed };
  if (!config.qrImage) return { problem: config.qrError ? `${messages.payment.qrNotAvailable}: ${config.qrError}` : messages.payment.qrNotAvailable };
  return { image: config.qrImage };
};
export const selectWireError = (s: S) => s.context.error;
export const selectIsBusy = (s: S) => s.hasTag('busy');
export const selectIsSubmitting = (s: S) => s.matches({ ready: 'initiating' });
export const selectCopied = (s: S) => s.context.copied;
