/** Named reads of the AML step (KYC step 4) for its view. */
import type { SnapshotFrom } from 'xstate';
import { AML_DECLARATIONS } from '../../src/shared/kyc.ts';
import type { kycAmlMachine } from './kyc-aml.machine.ts';
import type { AmlForm } from './kyc.types.ts';

type S = SnapshotFrom<typeof kycAmlMachine>;

export const selectAmlForm = (s: S): AmlForm => s.context.form;
export const selectAmlError = (s: S): string | null => s.context.error;
export const selectIsAmlSaving = (s: S): boolean => s.hasTag('saving');
export const selectAllDeclarationsConfirmed = (s: S): boolean => AML_DECLARATIONS.every((d) => s.context.form.declarations[d]);
