/**
 * KYC step 4, AML screening (spec section 2 "KYC page", section 5 "AML"): the source-of-funds declaration and the
 * four required declarations, checked with the shared AmlDataSchema ('Please complete all required declarations.')
 * and saved as step 4 with 'Complete AML Screening'. A refused submit shows every invalid field's message (from then
 * on they follow the form as it changes) and asks for focus on the first. The one-second pause before the review
 * belongs to the page. Effect (`saveKycStep`) provided by the app.
 */
import { assign, setup, type ActorRefFrom } from 'xstate';
import { AML_DECLARATIONS, AmlDataSchema, type AmlDeclaration } from '../../src/shared/kyc.ts';
import { check, firstIssue, focusOn, issuesByField } from '../../src/shared/validate.ts';
import { saveOutcomeActions } from '../kyc-step/kyc-step.actions.ts';
import { saveKycStepPlaceholder, type StepSavedOutput } from '../kyc-step/kyc-step.actors.ts';
import type { AmlField, AmlForm, KycAmlContext, KycAmlEvent } from './kyc.types.ts';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';

export const EMPTY_AML_FORM: AmlForm = {
  fundsSource: '',
  annualVolume: '',
  occupation: '',
  additionalInfo: '',
  declarations: Object.fromEntries(AML_DECLARATIONS.map((d) => [d, false])) as Record<AmlDeclaration, boolean>,
};

/** The form as the step's save payload; only called once AmlDataSchema accepted it. */
function amlStepData(form: AmlForm) {
  const checked = check(AmlDataSchema, form);
  if (!checked.success) throw new Error(checked.message);
  return checked.output;
}

export const kycAmlMachine = setup({
  types: {} as { context: KycAmlContext; events: KycAmlEvent; output: StepSavedOutput; tags: 'saving' },
  actors: { saveKycStep: saveKycStepPlaceholder },
  guards: {
    isFormValid: ({ context }) => firstIssue(AmlDataSchema, context.form) === null,
  },
  actions: {
    ...saveOutcomeActions<KycAmlContext, KycAmlEvent>(),
    setField: assign(({ context }, params: { field: AmlField; value: string }) => ({ form: { ...context.form, [params.field]: params.value }, error: null })),
    setDeclaration: assign(({ context }, params: { declaration: AmlDeclaration; checked: boolean }) => ({
      form: { ...context.form, declarations: { ...context.form.declarations, [params.declaration]: params.checked } },
      error: null,
    })),
    /** Every invalid field shows its message; focus goes to the first (the schema lists them in the form's order). */
    showFieldErrors: assign(({ context }) => ({
      showErrors: true,
      focus: focusOn(context.focus, Object.keys(issuesByField(AmlDataSchema, context.form))[0] ?? 'fundsSource'),
    })),
  },
}).createMachine({
  id: 'kycAml',
  description: 'KYC step 4, AML screening: the source-of-funds declaration and the four required declarations, saved as step 4.',
  meta: {
    descriptions: {
      guards: {
        isFormValid: 'The AML form is complete by the shared AmlDataSchema.',
      },
      actions: {
        keepStatus: "Keeps the investor's KYC status after step 4 was saved.",
        noteSaveFailed: 'Shows why step 4 could not be saved.',
        setField: 'Takes an answer typed or chosen.',
        setDeclaration: 'Ticks or unticks a declaration.',
        showFieldErrors: "Shows every invalid field's message; focus goes to the first.",
      },
      actors: {
        saveKycStep: 'Saves KYC step 4 with the AML answers.',
      },
    },
  } satisfies MachineMeta,
  context: { form: EMPTY_AML_FORM, showErrors: false, focus: null, status: null, error: null },
  initial: 'editing',
  states: {
    editing: {
      description: "The investor fills in the AML form; 'Complete AML Screening' checks it.",
      on: {
        'kyc.aml.changeField': { actions: { type: 'setField', params: ({ event }) => event } },
        'kyc.aml.setDeclaration': { actions: { type: 'setDeclaration', params: ({ event }) => event } },
        'kyc.aml.submit': [{ guard: 'isFormValid', target: 'saving' }, { actions: 'showFieldErrors' }],
      },
    },
    saving: {
      description: 'Saving step 4.',
      tags: ['saving'],
      invoke: {
        id: 'saveKycStep',
        src: 'saveKycStep',
        input: ({ context }) => ({ step: 4 as const, stepData: amlStepData(context.form) }),
        onDone: { target: 'done', actions: { type: 'keepStatus', params: ({ event }) => ({ status: event.output }) } },
        onError: { target: 'editing', actions: { type: 'noteSaveFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: { description: 'Step 4 is saved.', type: 'final' },
  },
  output: ({ context }) => ({ status: context.status! }),
});

/** A running kycAml chart, as views and parent charts hold it. */
export type KycAmlActorRef = ActorRefFrom<typeof kycAmlMachine>;
