/** Pure rules of one payment's forms (issue 29): request ids without randomness, and the invalid fields of a form. */
import { issueIssues, receiptIssues, refundIssues, ISSUE_FIELDS, RECEIPT_FIELDS, REFUND_FIELDS } from '../../../src/shared/admin/money.ts';
import type { FieldIssues } from '../../../src/shared/validate.ts';
import type { CaseForm, PaymentCaseContext } from './payment-case.types.ts';

export { requestIdFor } from '../../../src/shared/request-id.ts';

export const isCard = (context: PaymentCaseContext): boolean => context.detail?.payment.paymentMethod === 'CARD';

/** The invalid fields of a form, keyed '<form>.<field>' in the order the form shows them. */
export function formIssues(context: PaymentCaseContext, form: CaseForm): FieldIssues {
  const issues = form === 'receipt' ? receiptIssues(context.receipt, context.today) : form === 'refund' ? refundIssues(context.refund, isCard(context)) : issueIssues(context.issue);
  const order: readonly string[] = form === 'receipt' ? RECEIPT_FIELDS : form === 'refund' ? REFUND_FIELDS : ISSUE_FIELDS;
  return Object.fromEntries(order.filter((field) => issues[field] !== undefined).map((field) => [`${form}.${field}`, issues[field]!]));
}

/** The issues of every form but this one (a submit shows its own form's, and leaves the others' as they were). */
export const otherForms = (issues: FieldIssues, form: CaseForm): FieldIssues => Object.fromEntries(Object.entries(issues).filter(([key]) => !key.startsWith(`${form}.`)));
