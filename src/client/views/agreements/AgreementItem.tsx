/**
 * One agreement in the accordion: its heading (number, title, state), and when open its document, its confirmation
 * checkboxes, its signature pad and 'Complete Agreement'. A signed agreement shows its boxes ticked and locked and its
 * stored signature.
 */
import { useSelector } from '@xstate/react';
import type { AgreementActorRef } from '../../../../machines/agreement/agreement.machine.ts';
import {
  selectAgreementError,
  selectAgreementPhase,
  selectCheckboxes,
  selectPadActor,
  selectSignedAt,
  type AgreementPhase,
} from '../../../../machines/agreement/agreement.selectors.ts';
import type { AgreementsActorRef } from '../../../../machines/agreements/agreements.machine.ts';
import type { AgreementItem as Item } from '../../../../machines/agreements/agreements.selectors.ts';
import { selectToken } from '../../../../machines/session/session.selectors.ts';
import { messages } from '../../../shared/messages.ts';
import { useSession } from '../../app/session-context.tsx';
import { DocumentViewer } from '../../ui/document-viewer/index.ts';
import { Button, Checkbox } from '../../ui/form/index.ts';
import { formatLongDate } from '../../ui/format.ts';
import { SignaturePad } from '../../ui/signature-pad/index.ts';

const text = messages.agreementsPage;

type Props = { item: Item; agreement: AgreementActorRef; index: number; review: boolean; page: AgreementsActorRef };

export function AgreementItem({ item, agreement, index, review, page }: Props) {
  const session = useSession();
  const token = useSelector(session, selectToken);
  const phase = useSelector(agreement, selectAgreementPhase);
  const signedAt = useSelector(agreement, selectSignedAt);
  const { key, title, pdfPath, isOpen } = item;
  const panelId = `agreement-panel-${key}`;
  return (
    <li className={`agreement agreement--${phase}${isOpen ? ' agreement--open' : ''}`} data-agreement={key}>
      <h2 className="agreement__heading">
        <button
          type="button"
          className="agreement__toggle"
          aria-expanded={isOpen}
          aria-controls={isOpen ? panelId : undefined}
          onClick={() => page.send({ type: 'agreements.agreement.toggle', key })}
        >
          <span className="agreement__number" aria-hidden="true">
            {phase === 'signed' ? '✓' : index + 1}
          </span>
          <span className="agreement__title">{title}</span>
          {/* Always there, empty until signed: the badge keeps its column. */}
          <span className="agreement__meta">{signedAt ? text.signedOn(formatLongDate(signedAt)) : null}</span>
          <span className={`agreement-badge agreement-badge--${phase}`}>{text.badge[phase]}</span>
        </button>
      </h2>
      {isOpen ? (
        <div id={panelId} className="agreement__panel">
          <DocumentViewer
            url={pdfPath}
            token={token}
            title={title}
            reviewMode={review || phase === 'signed'}
            onUnauthorized={() => session.send({ type: 'session.unauthorized' })}
          />
          <AgreementForm agreement={agreement} agreementKey={key} title={title} phase={phase} />
        </div>
      ) : null}
    </li>
  );
}

function AgreementForm({ agreement, agreementKey, title, phase }: { agreement: AgreementActorRef; agreementKey: string; title: string; phase: AgreementPhase }) {
  const boxes = useSelector(agreement, selectCheckboxes);
  const error = useSelector(agreement, selectAgreementError);
  const pad = useSelector(agreement, selectPadActor);
  const locked = phase === 'signed' || phase === 'saving';
  const errorId = `agreement-error-${agreementKey}`;
  return (
    <div className="agreement__form">
      <fieldset className="agreement__boxes">
        <legend className="agreement__legend">{text.confirmations}</legend>
        {boxes.map((box) => (
          <Checkbox
            key={box.id}
            id={`agreement-${agreementKey}-${box.id}`}
            checked={box.checked}
            disabled={locked}
            required={box.required}
            invalid={!!error && box.required && !box.checked}
            describedBy={error && box.required && !box.checked ? errorId : undefined}
            onChange={(checked) => agreement.send({ type: 'agreement.checkbox.set', id: box.id, checked })}
            label={
              <>
                {box.text}
                {box.required ? <span className="agreement__required"> {text.required}</span> : null}
              </>
            }
          />
        ))}
      </fieldset>
      {pad ? <SignaturePad actor={pad} label={text.signatureLabel(title)} /> : null}
      <div className="agreement__actions">
        <div aria-live="polite" className="agreement__message">
          {error ? (
            <p className="agreement__error" id={errorId}>
              {error}
            </p>
          ) : null}
        </div>
        {phase === 'signed' ? null : (
          <Button busy={phase === 'saving'} busyLabel={text.completing} onClick={() => agreement.send({ type: 'agreement.complete' })}>
            {text.completeAgreement}
          </Button>
        )}
      </div>
    </div>
  );
}
