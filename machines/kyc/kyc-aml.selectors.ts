/** Named reads of the AML step (KYC step 4) for its view. */
import type { SnapshotFrom } from 'xstate';
import { AML_DECLARATIONS, AmlDataSchema } from '../../src/shared/kyc.ts';
import { issuesByField, type FieldIssues } from '../../src/shared/validate.ts';
import type { kycAmlMachine } from './kyc-aml.machine.ts';
import type { AmlForm } from './kyc.types.ts';

type S = SnapshotFrom<typeof kycAmlMachine>;

export const selectAmlForm = (s: S): AmlForm => s.context.form;
export const selectAmlError = (s: S): string | null => s.context.error;
export const selectIsAmlSaving = (s: S): boolean => s.hasTag('saving');
export const selectAllDeclarationsConfirmed = (s: S): boolean => AML_DECLARATIONS.every((d) => s.context.form.declarations[d]);
/** Each invalid field's message ('fundsSource', 'declarations.pep', ...), once a submit was refused; empty before. */
export const selectAmlFieldErrors = (s: S): FieldIssues => (s.context.showErrors ? issuesByField(AmlDataSchema, s.context.form) : {});
/** The declarations' one message, while any of them is missing after a refused submit. */
export const selectAmlDeclarationsError = (s: S): string | null =>
  AML_DECLARATIONS.map((d) => selectAmlFieldErrors(s)[`declarations.${d}`]).find((m) => m !== undefined) ?? null;
export const selectAmlFocus = (s: S) => s.context.focus;
