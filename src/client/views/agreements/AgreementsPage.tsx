/**
 * The agreements page (spec section 2 "Agreements page"): the progress, the accordion of seven agreements, the wallet
 * address and 'Proceed to Payment'; the review of a completed step; 'Error loading legal agreements'. Every rule
 * lives in machines/agreements and machines/agreement; this renders their snapshots and sends the investor's intents.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { AgreementsActorRef } from '../../../../machines/agreements/agreements.machine.ts';
import {
  selectAgreementItems,
  selectCompletedAt,
  selectNotice,
  selectPhase,
  selectProgressPercent,
  selectSignedCount,
} from '../../../../machines/agreements/agreements.selectors.ts';
import { AGREEMENT_KEYS } from '../../../shared/legal.ts';
import { messages } from '../../../shared/messages.ts';
import { Button, ProgressBar } from '../../ui/form/index.ts';
import { formatLongDate } from '../../ui/format.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { prewarmPdfViewer } from '../../ui/document-viewer/index.ts';
import { AgreementItem } from './AgreementItem.tsx';
import { ProceedSection } from './ProceedSection.tsx';
import { WalletSection } from './WalletSection.tsx';
import './agreements.css';

const text = messages.agreementsPage;

export function AgreementsPage({ actor }: { actor: AgreementsActorRef }) {
  const phase = useSelector(actor, selectPhase);
  const items = useSelector(actor, selectAgreementItems);
  const percent = useSelector(actor, selectProgressPercent);
  const signed = useSelector(actor, selectSignedCount);
  const completedAt = useSelector(actor, selectCompletedAt);
  const notice = useSelector(actor, selectNotice);
  const list = useRef<HTMLOListElement>(null);
  const openKey = items.find((item) => item.isOpen)?.key ?? null;
  // Every agreement is a PDF: the viewer and pdf.js's worker load while the page does, not when an agreement opens.
  useEffect(prewarmPdfViewer, []);

  // Signing closes the agreement's panel and opens the next: focus, lost with the closed panel's button, goes to its
  // heading, or after the last one to the wallet address, what is left to do.
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    const next = openKey ? list.current?.querySelector<HTMLElement>(`[data-agreement="${openKey}"] .agreement__toggle`) : document.getElementById('agreements-wallet');
    next?.focus();
  }, [openKey]);

  if (phase === 'loading' || phase === 'done') return <LoadingScreen title={messages.loading} detail={text.loadingDetail} />;
  if (phase === 'failed') {
    return (
      <div className="notice-card notice-card--error" role="alert">
        <p className="notice-card__title">{messages.legal.loadFailed}</p>
        <Button onClick={() => actor.send({ type: 'agreements.retry' })}>{messages.legal.refreshPage}</Button>
      </div>
    );
  }

  const review = phase === 'reviewing';
  return (
    <div className="agreements">
      {review ? (
        <div className="agreements__review" role="status">
          <div>
            <p className="agreements__review-title">{text.reviewTitle}</p>
            {completedAt ? <p className="agreements__review-date">{text.completedOn(formatLongDate(completedAt))}</p> : null}
          </div>
          <Button variant="secondary" onClick={() => actor.send({ type: 'agreements.returnToCurrentStep' })}>
            {text.returnToCurrentStep}
          </Button>
        </div>
      ) : (
        <div className="agreements__progress">
          <ProgressBar label={text.progressLabel} value={percent} valueText={text.progress(percent)} />
          <p className="agreements__count">{text.signedCount(signed, AGREEMENT_KEYS.length)}</p>
        </div>
      )}

      {notice && !review ? (
        <p className="agreements__notice" role="alert">
          {notice}
        </p>
      ) : null}

      <ol className="agreements__list" ref={list}>
        {items.map((item, index) =>
          item.actor ? <AgreementItem key={item.key} item={item} agreement={item.actor} index={index} review={review} page={actor} /> : null,
        )}
      </ol>

      {review ? null : (
        <>
          <WalletSection actor={actor} />
          <ProceedSection actor={actor} />
        </>
      )}
    </div>
  );
}
