/**
 * The KYC page's statecharts with fake effects and fake timers: the start step, step 1 (checks, progress, save,
 * the Continue gate), step 2 through the camera, step 3 (both documents, no second upload of a stored one), step 4
 * (the schema's words, the one-second pause), completion (agreements or the unexpected step), looking at an earlier
 * step, the read-only summary, and the load failures.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, setup, type AnyEventObject } from 'xstate';
import { ApiError } from '../../src/shared/api-error.ts';
import { TIMINGS, UPLOAD_MAX_BYTES } from '../../src/shared/constants.ts';
import { messages } from '../../src/shared/messages.ts';
import { selectAddressSlots, selectAddressUploadPercent, selectCanSubmitAddress, selectSelectedCount } from './kyc-address.selectors.ts';
import { selectAmlDeclarationsError, selectAmlFieldErrors } from './kyc-aml.selectors.ts';
import { selectHasIdentityDocument, selectIdentityError, selectIdentityFileError, selectIdentityPhase, selectIdentityUploadPercent } from './kyc-identity.selectors.ts';
import { kycStatus, uploadAnswer } from '../kyc-step/kyc-step.fixtures.ts';
import { COMPLETED_AT, fileOf, fillAml, kycFile, provideKycFakes, type KycFakeOptions } from './kyc.fixtures.ts';
import {
  selectActiveStep,
  selectAddressRef,
  selectAmlRef,
  selectCameraRef,
  selectCompletionError,
  selectDisplayedStep,
  selectIdentityRef,
  selectIsViewingOtherStep,
  selectNotice,
  selectPhase,
  selectSteps,
  selectSummary,
} from './kyc.selectors.ts';

function start(options: KycFakeOptions = {}) {
  const fakes = provideKycFakes(options);
  const toParent: AnyEventObject[] = [];
  let output: unknown = null;
  // A stand-in process: records what the page asks of it and what it finishes with.
  const parent = setup({ actors: { kyc: fakes.machine } }).createMachine({
    invoke: { id: 'kyc', src: 'kyc', onDone: { target: '.done', actions: ({ event }) => (output = event.output) } },
    initial: 'open',
    states: { open: {}, done: {} },
    on: { 'process.route.request': { actions: ({ event }) => toParent.push(event) } },
  });
  const root = createActor(parent).start();
  const actor = () => root.getSnapshot().children.kyc as ReturnType<typeof createActor<typeof fakes.machine>>;
  const snap = () => actor().getSnapshot();
  return { ...fakes, root, actor, snap, toParent, output: () => output };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('KYC page', () => {
  it.each([
    [[], 1],
    [[1], 2],
    [[1, 2], 3],
    [[1, 2, 3], 4],
    [[1, 2, 3, 4], 5],
    [[5], 5],
  ])('starts with completed steps %j at step %i', async (completed, step) => {
    const t = start({ load: async () => kycStatus(completed) });
    expect(selectPhase(t.snap())).toBe('loading');
    await settle();
    expect(selectPhase(t.snap())).toBe('wizard');
    expect(selectActiveStep(t.snap())).toBe(step);
  });

  it('step 1: refuses a wrong type, a file over 10 MB and an empty file, with the spec words', async () => {
    const t = start();
    await settle();
    const identity = () => selectIdentityRef(t.snap())!;
    identity().send({ type: 'kyc.identity.selectFile', file: fileOf('notes.txt', 'text/plain') });
    expect(selectIdentityFileError(identity().getSnapshot())).toBe(messages.kyc.invalidType);
    identity().send({ type: 'kyc.identity.selectFile', file: fileOf('big.pdf', 'application/pdf', UPLOAD_MAX_BYTES + 1) });
    expect(selectIdentityFileError(identity().getSnapshot())).toBe(messages.kyc.tooLarge);
    identity().send({ type: 'kyc.identity.selectFile', file: fileOf('empty.png', 'image/png', 0) });
    expect(selectIdentityFileError(identity().getSnapshot())).toBe(messages.kyc.emptyFile);
    expect(t.uploads).toEqual([]);
    // Exactly 10 MB is allowed; jpg and jpeg types too.
    identity().send({ type: 'kyc.identity.selectFile', file: fileOf('scan.jpg', 'image/jpg', UPLOAD_MAX_BYTES) });
    expect(t.uploads).toHaveLength(1);
  });

  it("step 1: Continue without a document says so at the file; an upload shows its progress and is a draft until Continue saves it and moves on", async () => {
    const t = start({ uploads: 'manual' });
    await settle();
    const identity = () => selectIdentityRef(t.snap())!;
    identity().send({ type: 'kyc.identity.continue' });
    expect(selectIdentityFileError(identity().getSnapshot())).toBe(messages.kyc.identityRequired);
    expect(identity().getSnapshot().context.focus?.field).toBe('identityDocument');

    identity().send({ type: 'kyc.identity.selectFile', file: fileOf('passport.pdf') });
    expect(selectIdentityPhase(identity().getSnapshot())).toBe('uploading');
    expect(selectIdentityFileError(identity().getSnapshot())).toBeNull();
    expect(t.uploads[0]?.input).toMatchObject({ fileName: 'passport.pdf', documentType: 'identity', step: 1 });
    t.uploads[0]!.sendBack({ type: 'kyc.upload.progress', documentType: 'identity', loaded: 30, total: 100 });
    expect(selectIdentityUploadPercent(identity().getSnapshot())).toBe(30);
    // Continue while it uploads does nothing.
    identity().send({ type: 'kyc.identity.continue' });
    const answer = uploadAnswer({ fileName: 'passport.pdf' });
    t.uploads[0]!.sendBack({ type: 'kyc.upload.done', documentType: 'identity', upload: answer });
    await settle();
    // Stored, not saved: a reload would still be on step 1.
    expect(t.saved).toEqual([]);
    expect(selectIdentityPhase(identity().getSnapshot())).toBe('uploaded');
    expect(selectHasIdentityDocument(identity().getSnapshot())).toBe(true);
    expect(selectActiveStep(t.snap())).toBe(1);
    identity().send({ type: 'kyc.identity.continue' });
    await settle();
    expect(t.saved).toEqual([{ step: 1, stepData: { fileName: answer.fileName, fileType: answer.fileType, fileSize: answer.fileSize, filePath: answer.filePath } }]);
    expect(selectActiveStep(t.snap())).toBe(2);
    expect(t.snap().context.status?.steps['1'].completed).toBe(true);
  });

  it("step 1: shows the server's 413/415 words, else 'Failed to upload file. Please try again.'; a failed save is retried by Continue", async () => {
    let saves = 0;
    const errors = [new ApiError(messages.kyc.tooLarge, 413, { error: messages.kyc.tooLarge }), new ApiError(messages.general.network, 0, null)];
    const t = start({
      uploadResult: (input) => (errors.length ? { error: errors.shift() } : uploadAnswer(input)),
      save: async (input, server) => {
        if (++saves === 1) throw new ApiError('HTTP 500', 500, null);
        return { ...server, steps: { ...server.steps, [String(input.step)]: { completed: true, documentName: null } } };
      },
    });
    await settle();
    const identity = () => selectIdentityRef(t.snap())!;
    identity().send({ type: 'kyc.identity.selectFile', file: fileOf('passport.pdf') });
    await settle();
    expect(selectIdentityFileError(identity().getSnapshot())).toBe(messages.kyc.tooLarge);
    expect(selectIdentityPhase(identity().getSnapshot())).toBe('empty');
    identity().send({ type: 'kyc.identity.selectFile', file: fileOf('passport.pdf') });
    await settle();
    expect(selectIdentityFileError(identity().getSnapshot())).toBe(messages.kyc.uploadFailed);
    identity().send({ type: 'kyc.identity.selectFile', file: fileOf('passport.pdf') });
    await settle();
    expect(selectIdentityPhase(identity().getSnapshot())).toBe('uploaded');
    identity().send({ type: 'kyc.identity.continue' });
    await settle();
    expect(selectIdentityPhase(identity().getSnapshot())).toBe('uploaded');
    expect(selectIdentityError(identity().getSnapshot())).toBe(messages.kyc.saveFailed);
    identity().send({ type: 'kyc.identity.continue' });
    await settle();
    expect(t.uploads).toHaveLength(3);
    expect(saves).toBe(2);
    expect(selectActiveStep(t.snap())).toBe(2);
  });

  it('step 1: another file replaces the draft before Continue; a new choice while uploading stops the first upload; a failed replacement keeps the draft', async () => {
    const t = start({ uploads: 'manual' });
    await settle();
    const identity = () => selectIdentityRef(t.snap())!;
    identity().send({ type: 'kyc.identity.selectFile', file: fileOf('old.pdf') });
    identity().send({ type: 'kyc.identity.selectFile', file: fileOf('new.pdf') });
    expect(t.uploads.map((u) => u.stopped)).toEqual([true, false]);
    const replaced = uploadAnswer({ fileName: 'new.pdf' });
    t.uploads[1]!.sendBack({ type: 'kyc.upload.done', documentType: 'identity', upload: replaced });
    await settle();
    identity().send({ type: 'kyc.identity.selectFile', file: fileOf('newer.pdf') });
    t.uploads[2]!.sendBack({ type: 'kyc.upload.error', documentType: 'identity', error: new ApiError('HTTP 502', 502, null) });
    expect(selectIdentityPhase(identity().getSnapshot())).toBe('uploaded');
    expect(identity().getSnapshot().context.fileName).toBe('new.pdf');
    expect(selectIdentityFileError(identity().getSnapshot())).toBe(messages.kyc.uploadFailed);
    const latest = uploadAnswer({ fileName: 'latest.pdf' });
    identity().send({ type: 'kyc.identity.selectFile', file: fileOf('latest.pdf') });
    t.uploads[3]!.sendBack({ type: 'kyc.upload.done', documentType: 'identity', upload: latest });
    expect(t.saved).toEqual([]);
    identity().send({ type: 'kyc.identity.continue' });
    await settle();
    // Only the file chosen last is saved as step 1.
    expect(t.saved.map((save) => (save.stepData as { fileName: string }).fileName)).toEqual([latest.fileName]);
  });

  it("step 2: one Continue uploads the selfie as type selfie, step 2, saves it and moves on with 'Selfie captured and uploaded successfully!'", async () => {
    const t = start({ load: async () => kycStatus([1]) });
    await settle();
    const camera = () => selectCameraRef(t.snap())!;
    camera().send({ type: 'camera.start' });
    await settle();
    camera().send({ type: 'camera.capture' });
    await settle();
    camera().send({ type: 'camera.continue' });
    await settle();
    expect(t.uploads[0]?.input).toMatchObject({ fileName: 'selfie.jpg', documentType: 'selfie', step: 2 });
    expect(t.saved[0]?.step).toBe(2);
    expect(selectActiveStep(t.snap())).toBe(3);
    expect(selectNotice(t.snap())).toBe(messages.kyc.selfieUploaded);
    // The camera is off once the selfie is taken.
    expect(t.cameras.every((c) => c.stopped)).toBe(true);
  });

  it("step 3: needs both documents, shows selection progress, uploads both then saves, and says 'Both address documents uploaded successfully!'", async () => {
    const t = start({ load: async () => kycStatus([1, 2]) });
    await settle();
    const address = () => selectAddressRef(t.snap())!;
    address().send({ type: 'kyc.address.submit' });
    expect(address().getSnapshot().context.error).toBe(messages.kyc.bothRequired);
    address().send({ type: 'kyc.address.selectFile', documentType: 'address_utility', file: fileOf('bill.pdf') });
    expect(selectSelectedCount(address().getSnapshot())).toBe(1);
    expect(selectCanSubmitAddress(address().getSnapshot())).toBe(false);
    address().send({ type: 'kyc.address.selectFile', documentType: 'address_bank', file: fileOf('bank.exe', 'application/x-msdownload') });
    expect(selectAddressSlots(address().getSnapshot())[1]).toMatchObject({ error: messages.kyc.invalidType, fileName: null });
    address().send({ type: 'kyc.address.selectFile', documentType: 'address_bank', file: fileOf('bank.png', 'image/png') });
    expect(selectSelectedCount(address().getSnapshot())).toBe(2);
    expect(selectCanSubmitAddress(address().getSnapshot())).toBe(true);
    address().send({ type: 'kyc.address.submit' });
    expect(selectCanSubmitAddress(address().getSnapshot())).toBe(false);
    await settle();
    await settle();
    expect(t.uploads.map((u) => [u.input.documentType, u.input.step])).toEqual([
      ['address_utility', 3],
      ['address_bank', 3],
    ]);
    expect(t.saved[0]).toMatchObject({
      step: 3,
      stepData: { utilityBillUploaded: true, bankStatementUploaded: true, addressVerificationComplete: true, addressDocumentName: 'bill.pdf, bank.png' },
    });
    expect(selectActiveStep(t.snap())).toBe(4);
    expect(selectNotice(t.snap())).toBe(messages.kyc.addressUploaded);
  });

  it('step 3: one progress across both uploads, climbing once from 0 to 100 (the bill is 1 KB, the statement 3 KB)', async () => {
    const t = start({ load: async () => kycStatus([1, 2]), uploads: 'manual' });
    await settle();
    const address = () => selectAddressRef(t.snap())!;
    const percent = () => selectAddressUploadPercent(address().getSnapshot());
    address().send({ type: 'kyc.address.selectFile', documentType: 'address_utility', file: fileOf('bill.pdf', 'application/pdf', 1024) });
    address().send({ type: 'kyc.address.selectFile', documentType: 'address_bank', file: fileOf('bank.pdf', 'application/pdf', 3072) });
    address().send({ type: 'kyc.address.submit' });
    const seen = [percent()];
    t.uploads[0]!.sendBack({ type: 'kyc.upload.progress', documentType: 'address_utility', loaded: 50, total: 100 });
    seen.push(percent());
    t.uploads[0]!.sendBack({ type: 'kyc.upload.done', documentType: 'address_utility', upload: uploadAnswer({ fileName: 'bill.pdf' }) });
    seen.push(percent());
    t.uploads[1]!.sendBack({ type: 'kyc.upload.progress', documentType: 'address_bank', loaded: 1, total: 3 });
    seen.push(percent());
    t.uploads[1]!.sendBack({ type: 'kyc.upload.done', documentType: 'address_bank', upload: uploadAnswer({ fileName: 'bank.pdf' }) });
    seen.push(percent());
    expect(seen).toEqual([0, 13, 25, 50, 100]);
  });

  it("step 3: a failed upload says 'Failed to upload address documents. Please try again.' and a retry does not send the stored one again", async () => {
    let bankFails = true;
    const t = start({
      load: async () => kycStatus([1, 2]),
      uploadResult: (input) => (input.documentType === 'address_bank' && bankFails ? { error: new ApiError('HTTP 500', 500, null) } : uploadAnswer(input)),
    });
    await settle();
    const address = () => selectAddressRef(t.snap())!;
    address().send({ type: 'kyc.address.selectFile', documentType: 'address_utility', file: fileOf('bill.pdf') });
    address().send({ type: 'kyc.address.selectFile', documentType: 'address_bank', file: fileOf('bank.pdf') });
    address().send({ type: 'kyc.address.submit' });
    await settle();
    await settle();
    expect(address().getSnapshot().context.error).toBe(messages.kyc.addressFailed);
    expect(selectAddressSlots(address().getSnapshot()).map((s) => s.stored)).toEqual([true, false]);
    bankFails = false;
    address().send({ type: 'kyc.address.submit' });
    await settle();
    expect(t.uploads.map((u) => u.input.documentType)).toEqual(['address_utility', 'address_bank', 'address_bank']);
    expect(selectActiveStep(t.snap())).toBe(4);
  });

  it("step 4: every field's own words at once until the form is complete, focus on the first; then the save and the review after one second", async () => {
    const t = start({ load: async () => kycStatus([1, 2, 3]) });
    await settle();
    const aml = () => selectAmlRef(t.snap())!;
    expect(selectAmlFieldErrors(aml().getSnapshot())).toEqual({});
    aml().send({ type: 'kyc.aml.submit' });
    expect(selectAmlFieldErrors(aml().getSnapshot())).toEqual({
      fundsSource: 'Please select the source of funds.',
      annualVolume: 'Please select the expected annual volume.',
      occupation: 'Please enter your occupation.',
      'declarations.pep': messages.kyc.declarationsRequired,
      'declarations.sanctions': messages.kyc.declarationsRequired,
      'declarations.criminal': messages.kyc.declarationsRequired,
      'declarations.funds': messages.kyc.declarationsRequired,
    });
    expect(aml().getSnapshot().context.focus?.field).toBe('fundsSource');
    expect(aml().getSnapshot().context.error).toBeNull();
    // The messages follow the form as it is corrected.
    for (const event of fillAml.slice(0, 6)) aml().send(event);
    expect(selectAmlFieldErrors(aml().getSnapshot())).toEqual({ 'declarations.funds': messages.kyc.declarationsRequired });
    expect(selectAmlDeclarationsError(aml().getSnapshot())).toBe(messages.kyc.declarationsRequired);
    aml().send({ type: 'kyc.aml.submit' });
    expect(aml().getSnapshot().context.focus?.field).toBe('declarations.funds');
    aml().send(fillAml[6]!);
    expect(selectAmlFieldErrors(aml().getSnapshot())).toEqual({});
    aml().send({ type: 'kyc.aml.changeField', field: 'additionalInfo', value: '  Savings  ' });
    aml().send({ type: 'kyc.aml.submit' });
    await settle();
    expect(t.saved[0]).toEqual({
      step: 4,
      stepData: { fundsSource: 'salary', annualVolume: '25k-50k', occupation: 'Engineer', additionalInfo: 'Savings', declarations: { pep: true, sanctions: true, criminal: true, funds: true } },
    });
    expect(selectActiveStep(t.snap())).toBe(4);
    expect(t.snap().hasTag('advancing')).toBe(true);
    await vi.advanceTimersByTimeAsync(TIMINGS.kycAdvanceDelayMs - 1);
    expect(selectActiveStep(t.snap())).toBe(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectActiveStep(t.snap())).toBe(5);
  });

  it("step 4: a failed save says 'Failed to save progress. Please try again.' and keeps the form", async () => {
    const t = start({ load: async () => kycStatus([1, 2, 3]), save: async () => Promise.reject(new ApiError('HTTP 503', 503, null)) });
    await settle();
    const aml = () => selectAmlRef(t.snap())!;
    for (const event of fillAml) aml().send(event);
    aml().send({ type: 'kyc.aml.submit' });
    await settle();
    expect(aml().getSnapshot().context.error).toBe(messages.kyc.saveFailed);
    expect(aml().getSnapshot().context.form.occupation).toBe('Engineer');
  });

  it('step 5: Proceed completes and the page finishes when the server sends the investor to the agreements', async () => {
    const t = start({ load: async () => kycStatus([1, 2, 3, 4]) });
    await settle();
    t.actor().send({ type: 'kyc.review.proceed' });
    await settle();
    expect(t.completions()).toBe(1);
    expect(t.output()).toEqual({ completed: true, status: 'UNDER_REVIEW', completedAt: COMPLETED_AT });
    expect(t.root.getSnapshot().value).toBe('done');
  });

  it("step 5: 'KYC completed but next step is: {step}' when the server says otherwise; the server's refusal or 'Failed to complete KYC. Please try again.'", async () => {
    const answers = [
      async () => ({ nextStep: 'payment' as const, status: 'UNDER_REVIEW' as const, completedAt: COMPLETED_AT }),
      async () => Promise.reject(new ApiError(messages.kyc.stepsFirst, 409, { error: messages.kyc.stepsFirst })),
      async () => Promise.reject(new ApiError(messages.general.network, 0, null)),
    ];
    const t = start({ load: async () => kycStatus([1, 2, 3, 4]), complete: () => answers.shift()!() });
    await settle();
    for (const expected of [messages.kyc.unexpectedNextStep('payment'), messages.kyc.stepsFirst, messages.kyc.completeFailed]) {
      t.actor().send({ type: 'kyc.review.proceed' });
      expect(selectCompletionError(t.snap())).toBeNull();
      await settle();
      expect(selectCompletionError(t.snap())).toBe(expected);
      expect(selectActiveStep(t.snap())).toBe(5);
    }
  });

  it('looks at an earlier step while the active one stays as it is, and returns', async () => {
    const t = start({ load: async () => kycStatus([1, 2]) });
    await settle();
    const address = selectAddressRef(t.snap())!;
    address.send({ type: 'kyc.address.selectFile', documentType: 'address_utility', file: fileOf('bill.pdf') });
    t.actor().send({ type: 'kyc.step.view', step: 1 });
    expect(selectIsViewingOtherStep(t.snap())).toBe(true);
    expect(selectDisplayedStep(t.snap())).toBe(1);
    expect(selectActiveStep(t.snap())).toBe(3);
    expect(selectSteps(t.snap()).map((s) => [s.completed, s.active, s.displayed, s.selectable])).toEqual([
      [true, false, true, true],
      [true, false, false, true],
      [false, true, false, true],
      [false, false, false, false],
      [false, false, false, false],
    ]);
    // A later step cannot be looked at: the active one shows.
    t.actor().send({ type: 'kyc.step.view', step: 5 });
    expect(selectIsViewingOtherStep(t.snap())).toBe(false);
    t.actor().send({ type: 'kyc.step.view', step: 2 });
    t.actor().send({ type: 'kyc.step.return' });
    expect(selectDisplayedStep(t.snap())).toBe(3);
    // The address chart kept its choice all along.
    expect(selectAddressRef(t.snap())).toBe(address);
    expect(selectSelectedCount(address.getSnapshot())).toBe(1);
  });

  it('shows a completed verification read-only: status label, completion date, latest files per step, AML answers', async () => {
    const aml = { fundsSource: 'salary' as const, annualVolume: '25k-50k' as const, occupation: 'Engineer', additionalInfo: '', declarationsConfirmed: true };
    const files = [
      kycFile('identity', 'old-passport.pdf', '2026-11-20T09:00:00.000Z'),
      kycFile('identity', 'passport.pdf', '2026-11-20T10:00:00.000Z'),
      kycFile('selfie', 'selfie.jpg', '2026-11-20T10:01:00.000Z'),
      kycFile('address_bank', 'bank.pdf', '2026-11-20T10:02:00.000Z'),
      kycFile('address_utility', 'bill.pdf', '2026-11-20T10:02:00.000Z'),
    ];
    const t = start({ load: async () => kycStatus([1, 2, 3, 4, 5], { status: 'APPROVED', completedAt: COMPLETED_AT, files, aml }) });
    await settle();
    expect(selectPhase(t.snap())).toBe('summary');
    const summary = selectSummary(t.snap())!;
    expect(summary).toMatchObject({ statusLabel: 'Verification Approved', completedAt: COMPLETED_AT, aml });
    expect(summary.cards.map((c) => c.files.map((f) => f.originalName))).toEqual([['passport.pdf'], ['selfie.jpg'], ['bill.pdf', 'bank.pdf'], [], []]);
    t.actor().send({ type: 'kyc.returnToCurrentStep' });
    expect(t.toParent).toEqual([{ type: 'process.route.request', path: '/' }]);
  });

  it('IN_PROGRESS with every step saved is still the wizard (only UNDER_REVIEW or APPROVED with a date is complete)', async () => {
    const t = start({ load: async () => kycStatus([1, 2, 3, 4, 5], { status: 'UNDER_REVIEW', completedAt: null }) });
    await settle();
    expect(selectPhase(t.snap())).toBe('wizard');
    expect(selectActiveStep(t.snap())).toBe(5);
  });

  it('shows the load failure with a retry, and Authentication Required without a token', async () => {
    let attempt = 0;
    const t = start({ load: async () => (++attempt === 1 ? Promise.reject(new ApiError('HTTP 500', 500, null)) : kycStatus()) });
    await settle();
    expect(selectPhase(t.snap())).toBe('failed');
    t.actor().send({ type: 'kyc.retry' });
    await settle();
    expect(selectPhase(t.snap())).toBe('wizard');

    const noToken = start({ load: async () => Promise.reject(new ApiError(messages.session.noToken, 401, null)) });
    await settle();
    expect(selectPhase(noToken.snap())).toBe('authRequired');
  });
});
