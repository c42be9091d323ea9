/** One expandable disclosure section: header with badge, then the document and what is still missing. */
import type { DisclosureActorRef } from '../../../../machines/disclosure/disclosure.machine.ts';
import { useSession } from '../../app/session-context.tsx';
import type { SectionBadge, SectionView } from '../../../../machines/disclosure/disclosure.selectors.ts';
import { formatClock, formatDuration } from '../../../shared/format.ts';
import { messages } from '../../../shared/messages.ts';
import { DocumentViewer } from '../../ui/document-viewer/index.ts';

const text = messages.disclosure;

const BADGE_TEXT: Record<SectionBadge, string> = {
  locked: text.badge.locked,
  pending: text.badge.pending,
  inProgress: text.badge.inProgress,
  complete: text.badge.complete,
  available: text.badge.available,
  completed: text.badge.completed,
};

type Props = { section: SectionView; index: number; review: boolean; token: string | null; actor: DisclosureActorRef };

export function DisclosureSectionItem({ section, index, review, token, actor }: Props) {
  const session = useSession();
  const { id, title, badge, isOpen, canOpen, progress, minSeconds, missingSeconds, hasPDF } = section;
  const panelId = `disclosure-section-${id}`;
  const toggle = () => canOpen && actor.send({ type: 'disclosure.section.toggle', sectionId: id });
  const reading = !review && !progress.completed;
  return (
    <li className={`disclosure-section disclosure-section--${badge}${isOpen ? ' disclosure-section--open' : ''}`}>
      <h2 className="disclosure-section__heading">
        <button
          type="button"
          className="disclosure-section__toggle"
          aria-expanded={isOpen}
          aria-controls={isOpen ? panelId : undefined}
          aria-disabled={!canOpen || undefined}
          title={canOpen ? undefined : text.lockedHint}
          onClick={toggle}
        >
          <span className="disclosure-section__number" aria-hidden="true">
            {index + 1}
          </span>
          <span className="disclosure-section__title">{title}</span>
          <span className="disclosure-section__meta">{text.minReading(formatDuration(minSeconds))}</span>
          <span className={`disclosure-badge disclosure-badge--${badge}`}>{BADGE_TEXT[badge]}</span>
        </button>
      </h2>
      {isOpen ? (
        <div id={panelId} className="disclosure-section__panel">
          {!review ? (
            <p className="disclosure-section__time" aria-live="off">
              {text.timeRead(formatClock(progress.timeSpent))} · {text.minReading(formatDuration(minSeconds))}
            </p>
          ) : null}
          {hasPDF ? (
            <DocumentViewer
              url={`/api/disclosure/pdf/${id}`}
              token={token}
              title={title}
              reviewMode={review || progress.completed}
              onReachedEnd={() => actor.send({ type: 'disclosure.section.end.visible', sectionId: id })}
              onUnauthorized={() => session.send({ type: 'session.unauthorized' })}
            />
          ) : (
            <div className="notice-card" role="status">
              <p className="notice-card__title">{text.documentNotAvailable}</p>
              <p className="notice-card__body">{text.documentNotAvailableDetail}</p>
            </div>
          )}
          {/* Without a document nothing can be met: 'Document Not Available' says what to do instead. */}
          {reading && hasPDF && (missingSeconds > 0 || !progress.scrolled) ? (
            <div className="disclosure-section__requirements" role="note">
              <p className="disclosure-section__requirements-title">{text.requirementsTitle}</p>
              <ul>
                {missingSeconds > 0 ? <li>{text.missingReading(missingSeconds, formatClock(missingSeconds))}</li> : null}
                {!progress.scrolled ? <li>{text.missingScroll}</li> : null}
              </ul>
            </div>
          ) : null}
          {!review && progress.completed ? (
            <p className="disclosure-section__complete" role="status">
              {text.sectionComplete}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
