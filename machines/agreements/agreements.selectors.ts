/** Named reads of the agreements page for its views. */
import type { SnapshotFrom } from 'xstate';
import { AGREEMENT_KEYS, type AgreementKey } from '../../src/shared/legal.ts';
import { agreementWalletError } from '../../src/shared/wallet.ts';
import type { AgreementActorRef } from '../agreement/agreement.machine.ts';
import type { agreementsMachine } from './agreements.machine.ts';
import { agreementChildId } from './agreements.ids.ts';
import { allSigned, isWalletValid, progressPercent, signedCount } from './agreements.rules.ts';

type S = SnapshotFrom<typeof agreementsMachine>;

export type AgreementsPhase = 'loading' | 'failed' | 'reviewing' | 'signing' | 'done';

export const selectPhase = (s: S): AgreementsPhase => {
  if (s.hasTag('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  if (s.hasTag('readOnly')) return 'reviewing';
  if (s.matches('done')) return 'done';
  return 'signing';
};

export type AgreementItem = { key: AgreementKey; title: string; pdfPath: string; signed: boolean; isOpen: boolean; actor: AgreementActorRef | undefined };

/** The accordion: the seven agreements in page order with their charts. */
export const selectAgreementItems = (s: S): AgreementItem[] => {
  const { configurations, agreements, openKey } = s.context;
  if (!configurations || !agreements) return [];
  return AGREEMENT_KEYS.map((key) => ({
    key,
    title: configurations[key].title,
    pdfPath: configurations[key].pdfPath,
    signed: agreements[key].signed,
    isOpen: openKey === key,
    actor: s.children[agreementChildId(key)] as AgreementActorRef | undefined,
  }));
};

export const selectProgressPercent = (s: S): number => progressPercent(s.context.agreements, s.context.walletAddress);
export const selectSignedCount = (s: S): number => signedCount(s.context.agreements);
export const selectWalletAddress = (s: S): string => s.context.walletAddress;
export const selectIsWalletValid = (s: S): boolean => isWalletValid(s.context.walletAddress);
/** The live message under the address field: none while empty or valid. */
export const selectWalletMessage = (s: S): string | null => (s.context.walletAddress.trim() === '' ? null : agreementWalletError(s.context.walletAddress, 'typing'));
/** Proceed is offered (not only pressable): all seven signed and a valid address. */
export const selectCanProceed = (s: S): boolean => allSigned(s.context.agreements) && isWalletValid(s.context.walletAddress);
export const selectIsProceeding = (s: S): boolean => s.hasTag('proceeding');
export const selectProceedError = (s: S) => s.context.error;
/** Why the page shows the server's account afresh (an agreement's signing met a 409). */
export const selectNotice = (s: S): string | null => s.context.notice;
export const selectCompletedAt = (s: S): string | null => s.context.completedAt;
