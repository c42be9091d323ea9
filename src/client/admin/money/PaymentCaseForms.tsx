/**
 * Finance's changes to one payment (issue 15), as the server offers them: record a receipt, refund (a confirm step
 * first), issue the tokens. The drafts, their messages, focus and sending are the payment-case chart's (issue 29):
 * these render its snapshot and send it what is typed. Inputs are read-only while a change is being sent.
 */
import { useSelector } from '@xstate/react';
import type { PaymentCaseActorRef } from '../../../../machines/admin/payment-case/payment-case.machine.ts';
import {
  selectBusy,
  selectConfirmingRefund,
  selectFieldIssue,
  selectIssueDraft,
  selectReceiptDraft,
  selectRefundDraft,
} from '../../../../machines/admin/payment-case/payment-case.selectors.ts';
import type { AdminPaymentDetail } from '../../../shared/admin/money.ts';
import { ChartForm, Field, TextInput } from '../../ui/form/index.ts';
import { eur } from './money-format.ts';

type Props = { actor: PaymentCaseActorRef; detail: AdminPaymentDetail };

export function ReceiptForm({ actor, detail }: Props) {
  const draft = useSelector(actor, selectReceiptDraft);
  const busy = useSelector(actor, selectBusy);
  const amountIssue = useSelector(actor, selectFieldIssue('receipt', 'amount'));
  const dayIssue = useSelector(actor, selectFieldIssue('receipt', 'receivedOn'));
  const referenceIssue = useSelector(actor, selectFieldIssue('receipt', 'reference'));
  const edit = (field: 'amount' | 'receivedOn' | 'reference') => (e: { target: { value: string } }) => actor.send({ type: 'case.receipt.edit', field, value: e.target.value });
  return (
    <ChartForm
      className="money__form"
      aria-label="Record funds received"
      onSubmit={() => actor.send({ type: 'case.receipt.submit' })}
    >
      <Field id="receipt-amount" label="Amount received (EUR)" required error={amountIssue}>
        {(control) => <TextInput {...control} name="receipt.amount" inputMode="decimal" autoComplete="off" value={draft.amount} readOnly={busy} onChange={edit('amount')} />}
      </Field>
      <Field id="receipt-day" label="Received on" required error={dayIssue}>
        {(control) => <TextInput {...control} name="receipt.receivedOn" type="date" value={draft.receivedOn} readOnly={busy} onChange={edit('receivedOn')} />}
      </Field>
      <Field id="receipt-reference" label={detail.payment.paymentMethod === 'CRYPTO' ? 'Transaction hash' : 'Bank reference'} required error={referenceIssue}>
        {(control) => <TextInput {...control} name="receipt.reference" mono maxLength={140} autoComplete="off" value={draft.reference} readOnly={busy} onChange={edit('reference')} />}
      </Field>
      <button type="submit" className="money__button" disabled={busy}>
        Record receipt
      </button>
    </ChartForm>
  );
}

export function RefundPanel({ actor, detail }: Props) {
  const confirming = useSelector(actor, selectConfirmingRefund);
  const busy = useSelector(actor, selectBusy);
  if (!confirming) {
    return (
      <button type="button" className="money__button money__button--danger" disabled={busy} onClick={() => actor.send({ type: 'case.refund.ask' })}>
        Refund…
      </button>
    );
  }
  return <RefundConfirm actor={actor} detail={detail} />;
}

function RefundConfirm({ actor, detail }: Props) {
  const draft = useSelector(actor, selectRefundDraft);
  const busy = useSelector(actor, selectBusy);
  const reasonIssue = useSelector(actor, selectFieldIssue('refund', 'reason'));
  const referenceIssue = useSelector(actor, selectFieldIssue('refund', 'outgoingReference'));
  const p = detail.payment;
  const card = p.paymentMethod === 'CARD';
  const edit = (field: 'reason' | 'outgoingReference') => (e: { target: { value: string } }) => actor.send({ type: 'case.refund.edit', field, value: e.target.value });
  return (
    <ChartForm
      className="money__form"
      aria-label="Confirm the refund"
      onSubmit={() => actor.send({ type: 'case.refund.confirm' })}
    >
      <p className="money__question">{card ? `Refund ${eur(p.totalAmount)} to the investor's card?` : `Record that ${eur(p.receivedTotal)} was sent back?`}</p>
      <Field id="refund-reason" label="Reason" required error={reasonIssue}>
        {(control) => <TextInput {...control} name="refund.reason" maxLength={500} value={draft.reason} readOnly={busy} onChange={edit('reason')} />}
      </Field>
      {card ? null : (
        <Field id="refund-reference" label="Outgoing transfer reference" required error={referenceIssue}>
          {(control) => <TextInput {...control} name="refund.outgoingReference" mono maxLength={140} value={draft.outgoingReference} readOnly={busy} onChange={edit('outgoingReference')} />}
        </Field>
      )}
      <button type="submit" className="money__button money__button--danger" disabled={busy}>
        Confirm refund
      </button>
      <button type="button" className="money__button money__button--secondary" disabled={busy} onClick={() => actor.send({ type: 'case.refund.cancel' })}>
        Cancel
      </button>
    </ChartForm>
  );
}

export function IssueForm({ actor }: { actor: PaymentCaseActorRef }) {
  const draft = useSelector(actor, selectIssueDraft);
  const busy = useSelector(actor, selectBusy);
  const hashIssue = useSelector(actor, selectFieldIssue('issue', 'transactionHash'));
  return (
    <ChartForm
      className="money__form"
      aria-label="Record token issuance"
      onSubmit={() => actor.send({ type: 'case.issue.submit' })}
    >
      <Field id="issue-hash" label="Issuance transaction hash" required error={hashIssue}>
        {(control) => (
          <TextInput
            {...control}
            name="issue.transactionHash"
            mono
            autoComplete="off"
            value={draft.transactionHash}
            readOnly={busy}
            onChange={(e) => actor.send({ type: 'case.issue.edit', field: 'transactionHash', value: e.target.value })}
          />
        )}
      </Field>
      <button type="submit" className="money__button" disabled={busy}>
        Record issuance
      </button>
    </ChartForm>
  );
}
