/**
 * The public /verify page: the portal's header, a drop zone with a real file input, and the answer in words with the
 * SHA-256 the browser computed. It renders the verify-document chart's snapshots; the chart decides everything.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { verifyDocumentMachine, type VerifyDocumentActorRef } from '../../../machines/verify-document/verify-document.machine.ts';
import {
  selectFileName,
  selectIsBusy,
  selectIssuedDocument,
  selectSha256,
  selectVerifyError,
  selectVerifyPhase,
} from '../../../machines/verify-document/verify-document.selectors.ts';
import { verifyWords } from '../../shared/verify-document.ts';
import { BrandMark } from '../ui/BrandMark.tsx';
import { formatLongDate } from '../ui/format.ts';
import { DropZone } from './DropZone.tsx';
import { verifyDocumentActors } from './verify-effects.ts';
import { chosenFileOf } from './chosen-file.ts';

export function VerifyPage() {
  const actor = useActorRef(verifyDocumentMachine.provide({ actors: verifyDocumentActors }));
  // A file dropped anywhere on the page is checked, not opened by the browser in place of the page.
  useEffect(() => {
    const keep = (event: DragEvent) => event.preventDefault();
    const drop = (event: DragEvent) => {
      event.preventDefault();
      const file = event.dataTransfer?.files[0];
      if (file) actor.send({ type: 'verify.file.choose', file: chosenFileOf(file) });
    };
    window.addEventListener('dragover', keep);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', keep);
      window.removeEventListener('drop', drop);
    };
  }, [actor]);

  return (
    <div className="shell">
      <header className="header">
        <BrandMark href="/" className="verify__home" />
      </header>
      <main className="shell__main verify">
        <h1 className="verify__title">{verifyWords.pageTitle}</h1>
        <p className="verify__intro">{verifyWords.intro}</p>
        <DropZone busy={useSelector(actor, selectIsBusy)} onFile={(file) => actor.send({ type: 'verify.file.choose', file: chosenFileOf(file) })} />
        <Outcome actor={actor} />
        <p className="verify__privacy">{verifyWords.privacy}</p>
      </main>
    </div>
  );
}

function Outcome({ actor }: { actor: VerifyDocumentActorRef }) {
  const phase = useSelector(actor, selectVerifyPhase);
  const fileName = useSelector(actor, selectFileName);
  const sha256 = useSelector(actor, selectSha256);
  const issued = useSelector(actor, selectIssuedDocument);
  const error = useSelector(actor, selectVerifyError);
  const message =
    phase === 'hashing' ? verifyWords.hashing
    : phase === 'checking' ? verifyWords.checking
    : phase === 'issued' && issued ? verifyWords.issued(issued.title, formatLongDate(issued.signedAt), issued.kind)
    : phase === 'notIssued' ? verifyWords.notIssued
    : error;
  const tone = phase === 'issued' ? 'success' : phase === 'notIssued' || phase === 'failed' || phase === 'refused' ? 'danger' : 'neutral';
  return (
    <section className="verify__outcome" aria-label="Result">
      {/* One live region: each new answer is read out once. */}
      <div role="status" aria-live="polite" className={message ? `verify__answer verify__answer--${tone}` : 'verify__answer'} data-testid="verify-answer" data-phase={phase}>
        {message ? <p className="verify__message">{message}</p> : null}
      </div>
      {phase === 'failed' ? (
        <button type="button" className="btn btn--outline" onClick={() => actor.send({ type: 'verify.retry' })}>
          {verifyWords.retry}
        </button>
      ) : null}
      {fileName ? (
        <dl className="verify__facts">
          <div>
            <dt>{verifyWords.fileName}</dt>
            <dd className="verify__file">{fileName}</dd>
          </div>
          {sha256 ? (
            <div>
              <dt>{verifyWords.fingerprint}</dt>
              <dd className="mono verify__hash" data-testid="verify-sha256">{sha256}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
}
