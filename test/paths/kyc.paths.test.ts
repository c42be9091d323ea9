/**
 * Paths of the KYC page and of its step charts (identity, address, AML; the camera has its own file). Loads, saves,
 * uploads, the children's results and the one-second pause arrive as events. Every path is replayed on a real actor
 * with effects that never answer by themselves, and after each step the invariants are checked.
 * Page: the read-only summary only for a complete verification; exactly the active step's chart runs; the wizard
 * never goes back; an earlier step can be looked at, never a later one; each success line belongs to its state; the
 * page finishes only when the server sends the investor on to the agreements.
 * Steps: an upload runs exactly while uploading and only for a file that passed the checks; a save is sent only for
 * what the server stored (and the AML form only as the schema accepts it); a step finishes only after its save. The
 * identity document is a draft until Continue: one save per Continue from a stored draft, none before.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, type AnyEventObject, type EventObject, type SnapshotFrom } from 'xstate';
import { cameraMachine } from '../../machines/camera/camera.machine.ts';
import type { UploadDocumentInput } from '../../machines/kyc-step/kyc-step.actors.ts';
import { kycStatus, uploadAnswer } from '../../machines/kyc-step/kyc-step.fixtures.ts';
import { kycAddressMachine } from '../../machines/kyc/kyc-address.machine.ts';
import { kycAmlMachine } from '../../machines/kyc/kyc-aml.machine.ts';
import { kycIdentityMachine } from '../../machines/kyc/kyc-identity.machine.ts';
import { COMPLETED_AT, fileOf, fillAml } from '../../machines/kyc/kyc.fixtures.ts';
import { kycMachine } from '../../machines/kyc/kyc.machine.ts';
import { fileProblem, isKycComplete, isResubmitting, startStepOf } from '../../machines/kyc/kyc.rules.ts';
import { selectActiveStep } from '../../machines/kyc/kyc.selectors.ts';
import { ApiError } from '../../src/shared/api-error.ts';
import { AmlDataSchema, type KycStepNumber, type SaveKycStepInput, type KycStatusResponse } from '../../src/shared/kyc.ts';
import { messages } from '../../src/shared/messages.ts';
import { firstIssue, issuesByField } from '../../src/shared/validate.ts';
import { coverMachine, expectFullCoverage } from './coverage.ts';
import { replayPaths } from './replay.ts';

const serverError = new ApiError('HTTP 500', 500, null);
const STORED = uploadAnswer({ fileName: 'passport.pdf' });
const BILL = uploadAnswer({ fileName: 'bill.pdf' });
const BANK = uploadAnswer({ fileName: 'bank.pdf' });

/** Effects that record what they were asked and never answer: the path's events are the answers. */
function silentEffects() {
  const uploads: { input: UploadDocumentInput; stopped: boolean }[] = [];
  const saves: SaveKycStepInput[] = [];
  const uploadDocument = fromCallback<EventObject, UploadDocumentInput>(({ input }) => {
    const call = { input, stopped: false };
    uploads.push(call);
    return () => void (call.stopped = true);
  });
  const saveKycStep = fromPromise<KycStatusResponse, SaveKycStepInput>(({ input }) => {
    saves.push(input);
    return new Promise(() => {});
  });
  return { uploads, saves, actors: { uploadDocument, saveKycStep } };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

// ---------------------------------------------------------------------------------------------------------------

type Page = SnapshotFrom<typeof kycMachine>;

/** A resubmission (issue 15): the identity step asked for again, then saved again (everything saved: the review). */
const RESUBMISSION = { steps: ['identity' as const], message: 'Please upload all four corners.', requestedAt: COMPLETED_AT };
const RESUBMIT_LOADED = kycStatus([2, 3, 4], { status: 'RESUBMISSION_REQUESTED', resubmission: RESUBMISSION });
const RESUBMIT_SAVED = kycStatus([1, 2, 3, 4], { status: 'RESUBMISSION_REQUESTED', resubmission: RESUBMISSION });

const pageEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadKycStatus', output: RESUBMIT_LOADED },
  { type: 'xstate.done.actor.kycIdentity', output: { status: RESUBMIT_SAVED } },
  { type: 'xstate.done.actor.camera', output: { status: RESUBMIT_SAVED, upload: STORED } },
  { type: 'xstate.done.actor.kycAddress', output: { status: RESUBMIT_SAVED } },
  ...[[], [1], [1, 2], [1, 2, 3], [1, 2, 3, 4]].map((done) => ({ type: 'xstate.done.actor.loadKycStatus', output: kycStatus(done) })),
  { type: 'xstate.done.actor.loadKycStatus', output: kycStatus([1, 2, 3, 4, 5], { status: 'UNDER_REVIEW', completedAt: COMPLETED_AT }) },
  { type: 'xstate.error.actor.loadKycStatus', error: serverError },
  { type: 'xstate.error.actor.loadKycStatus', error: new ApiError(messages.session.noToken, 401, null) },
  { type: 'kyc.retry' },
  { type: 'kyc.step.view', step: 1 },
  { type: 'kyc.step.view', step: 5 },
  { type: 'kyc.step.return' },
  // Each step chart's result: the status after its save (the same for all, so the page's state stays small).
  { type: 'xstate.done.actor.kycIdentity', output: { status: kycStatus([1]) } },
  { type: 'xstate.done.actor.camera', output: { status: kycStatus([1]), upload: STORED } },
  { type: 'xstate.done.actor.kycAddress', output: { status: kycStatus([1]) } },
  { type: 'xstate.done.actor.kycAml', output: { status: kycStatus([1]) } },
  { type: 'xstate.after.KYC_ADVANCE.kyc.wizard.aml.saved' },
  { type: 'kyc.review.proceed' },
  { type: 'xstate.done.actor.completeKyc', output: { nextStep: 'agreements', status: 'UNDER_REVIEW', completedAt: COMPLETED_AT } },
  { type: 'xstate.done.actor.completeKyc', output: { nextStep: 'payment', status: 'UNDER_REVIEW', completedAt: COMPLETED_AT } },
  { type: 'xstate.error.actor.completeKyc', error: serverError },
  { type: 'kyc.returnToCurrentStep' },
];

const STEP_CHILD: Record<KycStepNumber, string | null> = { 1: 'kycIdentity', 2: 'camera', 3: 'kycAddress', 4: 'kycAml', 5: null };
/** The success line a state may show: the step just finished, above the step it leads to (null when the page started there). */
const NOTICES_OF = (s: Page): (string | null)[] =>
  s.matches({ wizard: 'address' })
    ? [null, messages.kyc.selfieUploaded]
    : s.matches({ wizard: { aml: 'form' } })
      ? [null, messages.kyc.addressUploaded]
      : s.matches({ wizard: { aml: 'saved' } })
        ? [messages.kyc.amlSaved]
        : [null];

describe('the start step of a resubmission', () => {
  it('is the first requested step not saved again, then the review', () => {
    const asked = (steps: ('identity' | 'biometric' | 'address' | 'aml')[], saved: number[]) =>
      startStepOf(kycStatus(saved, { status: 'RESUBMISSION_REQUESTED', resubmission: { steps, message: 'm', requestedAt: COMPLETED_AT } }));
    expect(asked(['identity'], [2, 3, 4])).toBe(1);
    expect(asked(['biometric', 'aml'], [1, 3])).toBe(2);
    expect(asked(['biometric', 'aml'], [1, 2, 3])).toBe(4);
    expect(asked(['address'], [1, 2, 3, 4])).toBe(5);
    // Outside a resubmission the spec's rule holds: step 4 saved starts at the review.
    expect(startStepOf(kycStatus([2, 3, 4]))).toBe(5);
  });
});

describe('KYC page statechart paths', () => {
  // Generation runs without a parent: what the page would ask of the process is a no-op there.
  const chart = kycMachine.provide({ actions: { returnToCurrentStep: () => undefined } });
  const result = coverMachine(chart, { name: 'kyc', events: pageEvents });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the page invariants on every path, replayed on a real actor', async () => {
    const ended = await replayPaths(result.paths, {
      // The page asks the process (its parent) to go elsewhere and finishes with an output: the stand-in records both.
      parent: true,
      setup: () => {
        const effects = silentEffects();
        const machine = kycMachine.provide({
          actors: {
            loadKycStatus: fromPromise<KycStatusResponse, void>(() => new Promise(() => {})),
            completeKyc: fromPromise(() => new Promise(() => {})),
            kycIdentity: kycIdentityMachine.provide({ actors: effects.actors }),
            camera: cameraMachine.provide({ actors: { ...effects.actors, startCamera: fromCallback(() => undefined), captureSelfie: fromPromise(() => new Promise(() => {})) } }),
            kycAddress: kycAddressMachine.provide({ actors: effects.actors }),
            kycAml: kycAmlMachine.provide({ actors: { saveKycStep: effects.actors.saveKycStep } }),
          },
        });
        // The furthest step reached so far on this path.
        return { machine, fakes: { furthest: 0 } };
      },
      checkStep: ({ snapshot: s, fakes: walked }) => {
        const active = selectActiveStep(s);
        // Read-only exactly for a verification the server calls complete.
        expect(s.hasTag('readOnly')).toBe(s.matches('summary'));
        if (s.matches('summary')) expect(isKycComplete(s.context.status!)).toBe(true);
        // Exactly the active step's chart runs.
        const running = Object.keys(s.children).filter((id) => Object.values(STEP_CHILD).includes(id));
        const expected = active && !s.matches({ wizard: { aml: 'saved' } }) ? STEP_CHILD[active] : null;
        expect(running).toEqual(expected ? [expected] : []);
        // Forward only, an earlier step to look at only.
        if (active) {
          expect(active).toBeGreaterThanOrEqual(walked.furthest);
          walked.furthest = active;
          if (s.context.viewedStep !== null) expect(s.context.viewedStep).toBeLessThan(active);
        }
        // Each success line in its own place: above the step it leads to ('Selfie captured ...' on the address step).
        expect(NOTICES_OF(s)).toContain(s.context.notice);
        if (s.context.error !== null) expect(s.matches({ wizard: 'review' })).toBe(true);
        // A resubmission shows only the steps the reviewer asked for, then the review to submit again.
        if (active && s.context.status && isResubmitting(s.context.status)) expect([1, 5]).toContain(active);
      },
    });
    for (const { path, snapshot, output, sentToParent } of ended) {
      if (snapshot.status === 'done') {
        expect(path.steps.at(-1)?.event).toMatchObject({ type: 'xstate.done.actor.completeKyc', output: { nextStep: 'agreements' } });
        expect(output).toEqual({ completed: true, status: 'UNDER_REVIEW', completedAt: COMPLETED_AT });
      }
      const returns = path.steps.filter((st) => st.event.type === 'kyc.returnToCurrentStep' && st.state.matches('summary')).length;
      expect(sentToParent).toEqual(Array.from({ length: returns }, () => ({ type: 'process.route.request', path: '/' })));
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------

const identityEvents: AnyEventObject[] = [
  { type: 'kyc.identity.selectFile', file: fileOf('passport.pdf') },
  { type: 'kyc.identity.selectFile', file: fileOf('notes.txt', 'text/plain') },
  { type: 'kyc.identity.continue' },
  { type: 'kyc.upload.progress', documentType: 'identity', loaded: 1, total: 2 },
  { type: 'kyc.upload.done', documentType: 'identity', upload: STORED },
  { type: 'kyc.upload.error', documentType: 'identity', error: new ApiError(messages.kyc.tooLarge, 413, { error: messages.kyc.tooLarge }) },
  { type: 'xstate.done.actor.saveKycStep', output: kycStatus([1]) },
  { type: 'xstate.error.actor.saveKycStep', error: serverError },
];

describe('KYC identity step statechart paths', () => {
  const result = coverMachine(kycIdentityMachine, { name: 'kycIdentity', events: identityEvents });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the step invariants on every path, replayed on a real actor', async () => {
    await replayPaths(result.paths, {
      setup: () => {
        const fakes = { ...silentEffects(), continued: 0 };
        return { machine: kycIdentityMachine.provide({ actors: fakes.actors }), fakes };
      },
      checkStep: ({ snapshot: s, fakes, event, finishing }) => {
        const { uploads, saves } = fakes;
        const running = uploads.filter((u) => !u.stopped);
        expect(running.length).toBe(s.matches('uploading') ? 1 : 0);
        for (const u of uploads) expect(fileProblem(u.input.file as File)).toBeNull();
        for (const u of uploads) expect(u.input).toMatchObject({ documentType: 'identity', step: 1 });
        for (const save of saves) expect(save).toEqual({ step: 1, stepData: { fileName: STORED.fileName, fileType: STORED.fileType, fileSize: STORED.fileSize, filePath: STORED.filePath } });
        if (s.matches('uploaded') || s.matches('saving')) expect(s.context.upload).toEqual(STORED);
        // A draft until Continue: each save is a Continue on a stored draft, and nothing else saves.
        if (event.type === 'kyc.identity.continue' && s.matches('saving')) fakes.continued += 1;
        expect(saves.length).toBe(fakes.continued);
        if (s.matches('empty') && event.type === 'kyc.identity.continue') expect(s.context.fileError).toBe(messages.kyc.identityRequired);
        if (finishing) expect(event.type).toBe('xstate.done.actor.saveKycStep');
        if (s.status === 'done') expect(s.output).toEqual({ status: kycStatus([1]) });
      },
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------

type Address = SnapshotFrom<typeof kycAddressMachine>;

/** Upload reports only from the upload that runs (an upload of the other document cannot answer then). */
const addressEvents = (s: Address): AnyEventObject[] => {
  const uploading = s.matches({ uploading: 'utilityBill' }) ? 'address_utility' : s.matches({ uploading: 'bankStatement' }) ? 'address_bank' : null;
  return [
    { type: 'kyc.address.selectFile', documentType: 'address_utility', file: fileOf('bill.pdf') },
    { type: 'kyc.address.selectFile', documentType: 'address_bank', file: fileOf('bank.png', 'image/png') },
    { type: 'kyc.address.selectFile', documentType: 'address_bank', file: fileOf('bank.exe', 'application/x-msdownload') },
    { type: 'kyc.address.clearFile', documentType: 'address_utility' },
    { type: 'kyc.address.submit' },
    ...(uploading
      ? [
          { type: 'kyc.upload.progress', documentType: uploading, loaded: 1, total: 2 },
          { type: 'kyc.upload.done', documentType: uploading, upload: uploading === 'address_utility' ? BILL : BANK },
          { type: 'kyc.upload.error', documentType: uploading, error: serverError },
        ]
      : []),
    { type: 'xstate.done.actor.saveKycStep', output: kycStatus([1, 2, 3]) },
    { type: 'xstate.error.actor.saveKycStep', error: serverError },
  ];
};

describe('KYC address step statechart paths', () => {
  const result = coverMachine(kycAddressMachine, { name: 'kycAddress', events: addressEvents });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the step invariants on every path, replayed on a real actor', async () => {
    await replayPaths(result.paths, {
      setup: () => {
        const fakes = silentEffects();
        return { machine: kycAddressMachine.provide({ actors: fakes.actors }), fakes };
      },
      checkStep: ({ snapshot: s, fakes: { uploads, saves } }) => {
        const running = uploads.filter((u) => !u.stopped).map((u) => u.input.documentType);
        expect(running).toEqual(s.matches({ uploading: 'utilityBill' }) ? ['address_utility'] : s.matches({ uploading: 'bankStatement' }) ? ['address_bank'] : []);
        for (const u of uploads) expect(fileProblem(u.input.file as File)).toBeNull();
        // A stored document is not sent again (unless its file changed, which forgets the stored one).
        if (s.matches({ uploading: 'utilityBill' })) expect(s.context.slots.address_utility.upload).toBeNull();
        if (s.matches({ uploading: 'bankStatement' })) expect(s.context.slots.address_bank.upload).toBeNull();
        if (s.matches('uploading') || s.matches('saving')) {
          expect(s.context.slots.address_utility.file).not.toBeNull();
          expect(s.context.slots.address_bank.file).not.toBeNull();
        }
        for (const save of saves) expect(save).toMatchObject({ step: 3, stepData: { utilityBillFileName: BILL.fileName, bankStatementFileName: BANK.fileName } });
        if (s.status === 'done') expect(saves.length).toBeGreaterThan(0);
      },
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------

const amlEvents: AnyEventObject[] = [
  ...fillAml,
  { type: 'kyc.aml.setDeclaration', declaration: 'funds', checked: false },
  { type: 'kyc.aml.submit' },
  { type: 'xstate.done.actor.saveKycStep', output: kycStatus([1, 2, 3, 4]) },
  { type: 'xstate.error.actor.saveKycStep', error: serverError },
];

describe('KYC AML step statechart paths', () => {
  // Every order of filling the form is a path of its own; small enough to explore whole.
  const result = coverMachine(kycAmlMachine, { name: 'kycAml', events: amlEvents });

  it('reaches every state and transition', () => expectFullCoverage(result));

  it('keeps the step invariants on every path, replayed on a real actor', async () => {
    await replayPaths(result.paths, {
      setup: () => {
        const fakes = silentEffects();
        return { machine: kycAmlMachine.provide({ actors: { saveKycStep: fakes.actors.saveKycStep } }), fakes };
      },
      checkStep: ({ snapshot: s, fakes: { saves }, event }) => {
        for (const save of saves) {
          expect(save.step).toBe(4);
          expect(firstIssue(AmlDataSchema, save.stepData)).toBeNull();
        }
        // A refused submit shows every field's message and takes focus to the first invalid field.
        if (event.type === 'kyc.aml.submit' && s.matches('editing')) {
          expect(s.context.showErrors).toBe(true);
          expect(s.context.focus?.field).toBe(Object.keys(issuesByField(AmlDataSchema, s.context.form))[0]);
        }
        if (!s.context.showErrors) expect(s.context.focus).toBeNull();
        if (s.matches('saving')) expect(firstIssue(AmlDataSchema, s.context.form)).toBeNull();
        if (s.status === 'done') expect(s.output).toEqual({ status: kycStatus([1, 2, 3, 4]) });
      },
    });
  });
});
