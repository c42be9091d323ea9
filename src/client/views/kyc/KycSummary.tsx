/** The read-only KYC summary: banner, completion date, status label, one card per step with its files or answers. */
import { useSelector } from '@xstate/react';
import type { KycActorRef } from '../../../../machines/kyc/kyc.machine.ts';
import { selectSummary } from '../../../../machines/kyc/kyc.selectors.ts';
import { messages } from '../../../shared/messages.ts';
import { Button } from '../../ui/form/index.ts';
import { AmlAnswers } from './AmlAnswers.tsx';
import { FileList } from './FileList.tsx';
import { formatLongDate } from '../../ui/format.ts';

const text = messages.kyc;

export function KycSummary({ actor }: { actor: KycActorRef }) {
  const summary = useSelector(actor, selectSummary);
  if (!summary) return null;
  return (
    <div className="kyc">
      <div className="kyc__review-banner" role="status">
        <div>
          <p className="kyc__review-title">{text.reviewTitle}</p>
          {summary.completedAt ? <p className="kyc__review-date">{text.completedOn(formatLongDate(summary.completedAt))}</p> : null}
        </div>
        <span className={`kyc-status kyc-status--${summary.status.toLowerCase()}`}>
          <span className="visually-hidden">{text.statusLabel}: </span>
          {summary.statusLabel}
        </span>
        <Button variant="secondary" onClick={() => actor.send({ type: 'kyc.returnToCurrentStep' })}>
          {text.returnToCurrentStep}
        </Button>
      </div>
      <div className="kyc-cards">
        {summary.cards.map((card) => (
          <section key={card.step} className="kyc-card" aria-labelledby={`kyc-card-${card.step}`}>
            <h2 id={`kyc-card-${card.step}`} className="kyc-card__title">
              <span className="kyc__block-number" aria-hidden="true">
                ✓
              </span>
              {card.title}
            </h2>
            {card.step === 4 ? <AmlAnswers aml={summary.aml} /> : card.step === 5 ? <p>{text.verificationComplete}</p> : <FileList files={card.files} />}
          </section>
        ))}
      </div>
    </div>
  );
}
