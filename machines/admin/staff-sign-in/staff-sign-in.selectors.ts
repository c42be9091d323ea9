import type { SnapshotFrom } from 'xstate';
import type { staffSignInMachine } from './staff-sign-in.machine.ts';

type S = SnapshotFrom<typeof staffSignInMachine>;

export const selectStep = (s: S): 'email' | 'code' | 'passkey' =>
  s.matches('code') || s.matches('verifyingCode') ? 'code' : s.matches('passkey') || s.matches('done') ? 'passkey' : 'email';
export const selectEmail = (s: S) => s.context.email;
export const selectCode = (s: S) => s.context.code;
export const selectError = (s: S) => s.context.error;
export const selectBusy = (s: S) => s.hasTag('busy');
