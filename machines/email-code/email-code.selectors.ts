import type { SnapshotFrom } from 'xstate';
import type { emailCodeMachine } from './email-code.machine.ts';

type S = SnapshotFrom<typeof emailCodeMachine>;

export const selectCode = (s: S) => s.context.code;
export const selectSentTo = (s: S) => s.context.sentTo;
export const selectCodeError = (s: S) => s.context.error;
export const selectCodeInfo = (s: S) => s.context.info;
export const selectIsVerifying = (s: S) => s.hasTag('busy');
export const selectIsResending = (s: S) => s.hasTag('resending');
export const selectCanResend = (s: S) => s.matches({ active: { resend: 'ready' } });
export const selectResendInSeconds = (s: S) => s.context.resendInSeconds;
export const selectIsExpired = (s: S) => s.matches({ active: { entry: 'expired' } });
