/**
 * The queue: filters and order, the submissions (oldest, thus overdue, first by default) with their age and whether
 * they are past the review target, "Load more" by the server's cursor. Renders machines/admin/kyc-queue.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { kycQueueMachine } from '../../../../machines/admin/kyc-queue/kyc-queue.machine.ts';
import { waitedText } from '../../../../machines/admin/kyc-queue/kyc-queue.rules.ts';
import {
  selectCanLoadMore,
  selectError,
  selectFilters,
  selectIsLoadingMore,
  selectPhase,
  selectReviewTarget,
  selectRows,
  selectThreshold,
} from '../../../../machines/admin/kyc-queue/kyc-queue.selectors.ts';
import type { KycQueueFilters } from '../../../../machines/admin/kyc-queue/kyc-queue.types.ts';
import { KYC_QUEUE_SORT_LABELS, KYC_QUEUE_SORTS, KYC_QUEUE_STATUSES } from '../../../shared/admin/kyc-review.ts';
import { jurisdictionLabel, PRIMARY_JURISDICTION_LABELS, PRIMARY_JURISDICTIONS } from '../../../shared/registration.ts';
import { KYC_STATUS_LABELS } from '../../../shared/kyc.ts';
import { formatEur } from '../../../shared/format.ts';
import { When } from '../ui/When.tsx';
import type { KycPageProps } from './kyc-page-props.ts';
import { kycQueueEffects } from './kyc-review-effects.ts';
import { ChartForm } from '../../ui/form/index.ts';


export function KycQueueView({ api, navigate }: KycPageProps) {
  const machine = useMemo(() => kycQueueMachine.provide({ actors: kycQueueEffects(api) }), [api]);
  const actor = useActorRef(machine);
  const phase = useSelector(actor, selectPhase);
  const rows = useSelector(actor, selectRows);
  const filters = useSelector(actor, selectFilters);
  const error = useSelector(actor, selectError);
  const canLoadMore = useSelector(actor, selectCanLoadMore);
  const loadingMore = useSelector(actor, selectIsLoadingMore);
  const threshold = useSelector(actor, selectThreshold);
  const target = useSelector(actor, selectReviewTarget);
  const change = (field: keyof KycQueueFilters) => (e: { target: { value: string } }) =>
    actor.send({ type: 'queue.filter.change', field, value: e.target.value });

  return (
    <div className="kyc-review">
      <h1>KYC review queue</h1>
      <ChartForm
        className="kyc-review__filters"
        onSubmit={() => actor.send({ type: 'queue.filter.apply' })}
      >
        <label>
          Status
          <select value={filters.status} onChange={change('status')}>
            {KYC_QUEUE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {KYC_STATUS_LABELS[s]} ({s})
              </option>
            ))}
          </select>
        </label>
        <label>
          Order
          <select value={filters.sort} onChange={change('sort')}>
            {KYC_QUEUE_SORTS.map((s) => (
              <option key={s} value={s}>
                {KYC_QUEUE_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Country of residence
          <select value={filters.country} onChange={change('country')}>
            <option value="">Any</option>
            {PRIMARY_JURISDICTIONS.map((c) => (
              <option key={c} value={c}>
                {PRIMARY_JURISDICTION_LABELS[c]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Name or email
          <input type="search" value={filters.q} maxLength={200} onChange={change('q')} />
        </label>
        <label>
          Investor type
          <select value={filters.investorType} onChange={change('investorType')}>
            <option value="">Any</option>
            <option value="INDIVIDUAL">Individual</option>
            <option value="ENTITY">Entity</option>
          </select>
        </label>
        <label>
          Held by
          <select value={filters.assignee} onChange={change('assignee')}>
            <option value="">Anyone or nobody</option>
            <option value="me">Me</option>
            <option value="none">Nobody</option>
          </select>
        </label>
        <label>
          Minimum amount (EUR)
          <input inputMode="decimal" value={filters.minAmount} onChange={change('minAmount')} />
        </label>
        <button type="submit" className="admin-button">Apply</button>
      </ChartForm>
      {threshold !== null ? <p className="kyc-review__hint">Four-eyes review applies above {formatEur(threshold)}.</p> : null}
      {target !== null ? <p className="kyc-review__hint">Review target: {waitedText(target)} from submission; a case waiting longer is overdue.</p> : null}
      {phase === 'loading' ? <p role="status">Loading…</p> : null}
      {phase === 'failed' ? (
        <div role="alert" className="kyc-review__error">
          <p>{error}</p>
          <button type="button" onClick={() => actor.send({ type: 'queue.retry' })}>
            Try again
          </button>
        </div>
      ) : null}
      {phase === 'shown' && rows.length === 0 ? <p>No submissions match.</p> : null}
      {rows.length > 0 && phase !== 'failed' ? (
        <ul className="kyc-review__rows">
          {rows.map((r) => (
            <li key={r.userId} className={r.overdue ? 'kyc-review__row--overdue' : undefined}>
              <a
                href={`/admin/kyc/${r.userId}`}
                onClick={(e) => {
                  e.preventDefault();
                  navigate(`/kyc/${r.userId}`);
                }}
              >
                <strong>{r.name || r.email}</strong>
              </a>
              <span>{r.email}</span>
              <span>
                {r.investorType === 'ENTITY' ? 'Entity' : 'Individual'} · {formatEur(r.investmentAmount)} · {jurisdictionLabel(r.country)}
              </span>
              <span>
                Submitted <When iso={r.submittedAt} /> · waiting {waitedText(r.ageHours)}
                {r.overdue ? <strong className="kyc-review__overdue"> · Overdue</strong> : null}
              </span>
              <span>{r.assignee ? `Held by ${r.assignee.name}` : 'Nobody holds it'}</span>
              <span>
                Round {r.reviewRound} · {r.fourEyes ? `four-eyes: ${r.approvals} of 2 approvals` : `${r.approvals} approval${r.approvals === 1 ? '' : 's'}`}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {phase === 'shown' && error ? <p role="alert">{error}</p> : null}
      {canLoadMore || loadingMore ? (
        <button type="button" disabled={loadingMore} onClick={() => actor.send({ type: 'queue.more' })}>
          {loadingMore ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </div>
  );
}
