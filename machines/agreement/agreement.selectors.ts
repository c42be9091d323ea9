/** Named reads of one agreement for its view. */
import type { SnapshotFrom } from 'xstate';
import type { AgreementCheckbox } from '../../src/shared/legal.ts';
import type { SignaturePadActorRef } from '../signature-pad/signature-pad.machine.ts';
import type { agreementMachine } from './agreement.machine.ts';

type S = SnapshotFrom<typeof agreementMachine>;

export type AgreementPhase = 'unchecked' | 'accepted' | 'saving' | 'signed';

export const selectAgreementPhase = (s: S): AgreementPhase => {
  if (s.hasTag('signed')) return 'signed';
  if (s.hasTag('saving')) return 'saving';
  return s.matches({ open: { form: 'accepted' } }) ? 'accepted' : 'unchecked';
};

export type CheckboxView = AgreementCheckbox & { checked: boolean };

export const selectCheckboxes = (s: S): CheckboxView[] =>
  s.context.configuration.checkboxes.map((box) => ({ ...box, checked: s.context.checkboxes[box.id] === true }));
export const selectAgreementError = (s: S): string | null => s.context.error;
export const selectSignedAt = (s: S): string | null => s.context.signedAt;
export const selectHasSignature = (s: S): boolean => s.context.signature !== '';
export const selectPadActor = (s: S) => s.children.signaturePad as SignaturePadActorRef | undefined;
