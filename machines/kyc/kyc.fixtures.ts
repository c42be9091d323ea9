/**
 * Test data and fake effects for the KYC page chart and its step charts: files, the AML answers, and the page with
 * every child provided with fakes (the camera's own, and one fake server for all uploads and saves) whose calls are
 * recorded. The shared status and upload builders are in machines/kyc-step/kyc-step.fixtures.ts.
 */
import { fromPromise } from 'xstate';
import type { KycCompleteResponse, KycDocumentType, KycFile, KycStatusResponse } from '../../src/shared/kyc.ts';
import { provideCameraFakes, type CameraFakeOptions } from '../camera/camera.fixtures.ts';
import { fakeStepEffects, uploadAnswer } from '../kyc-step/kyc-step.fixtures.ts';
import { kycAddressMachine } from './kyc-address.machine.ts';
import { kycAmlMachine } from './kyc-aml.machine.ts';
import { kycIdentityMachine } from './kyc-identity.machine.ts';
import { kycMachine } from './kyc.machine.ts';
import type { KycAmlEvent } from './kyc.types.ts';

export const COMPLETED_AT = '2026-11-21T09:30:00.000Z';

export const kycFile = (documentType: KycDocumentType, originalName: string, uploadedAt: string): KycFile => ({
  ...uploadAnswer({ fileName: originalName }),
  documentType,
  uploadedAt,
});

/** A chosen file; only name, type and size are read before the upload. */
export const fileOf = (name: string, type = 'application/pdf', size = 2048): File => ({ name, type, size }) as File;

export const fillAml: KycAmlEvent[] = [
  { type: 'kyc.aml.changeField', field: 'fundsSource', value: 'salary' },
  { type: 'kyc.aml.changeField', field: 'annualVolume', value: '25k-50k' },
  { type: 'kyc.aml.changeField', field: 'occupation', value: 'Engineer' },
  { type: 'kyc.aml.setDeclaration', declaration: 'pep', checked: true },
  { type: 'kyc.aml.setDeclaration', declaration: 'sanctions', checked: true },
  { type: 'kyc.aml.setDeclaration', declaration: 'criminal', checked: true },
  { type: 'kyc.aml.setDeclaration', declaration: 'funds', checked: true },
];

export type KycFakeOptions = CameraFakeOptions & {
  load?: () => Promise<KycStatusResponse>;
  complete?: () => Promise<KycCompleteResponse>;
};

/** The KYC chart and all its children with fake effects; what they were asked is recorded. */
export function provideKycFakes(options: KycFakeOptions = {}) {
  const steps = fakeStepEffects(options);
  const camera = provideCameraFakes(options, steps);
  let completions = 0;
  const machine = kycMachine.provide({
    actors: {
      loadKycStatus: fromPromise(async () => {
        if (options.load) steps.server.status = await options.load();
        return steps.server.status;
      }),
      completeKyc: fromPromise(async () => {
        completions += 1;
        return options.complete ? options.complete() : { nextStep: 'agreements' as const, status: 'UNDER_REVIEW' as const, completedAt: COMPLETED_AT };
      }),
      kycIdentity: kycIdentityMachine.provide({ actors: steps.actors }),
      camera: camera.machine,
      kycAddress: kycAddressMachine.provide({ actors: steps.actors }),
      kycAml: kycAmlMachine.provide({ actors: { saveKycStep: steps.actors.saveKycStep } }),
    },
  });
  return { machine, saved: steps.saved, uploads: steps.uploads, cameras: camera.cameras, captures: camera.captures, completions: () => completions };
}
