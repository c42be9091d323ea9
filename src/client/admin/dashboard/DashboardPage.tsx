/**
 * The back-office dashboard (issue 15), for every staff role: investors per process step (the funnel), the money
 * committed, paid and refunded, the KYC verifications by status and the staff's KYC decisions over 30 days. Each
 * chart has a table of the same numbers for screen readers.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { dashboardMachine } from '../../../../machines/admin/dashboard/dashboard.machine.ts';
import { selectError, selectFigures, selectIsRefreshing, selectPhase } from '../../../../machines/admin/dashboard/dashboard.selectors.ts';
import type { DashboardResponse, FunnelOutcome } from '../../../shared/admin/dashboard.ts';
import type { AdminApi } from '../admin-api.ts';
import type { StaffRole } from '../../../shared/admin/staff-roles.ts';
import { When } from '../ui/When.tsx';
import { BarChartView, type BarChartSpec } from './BarChartView.tsx';
import { dashboardEffects } from './dashboard-effects.ts';
import './dashboard.css';

export const STEP_LABELS: Record<string, string> = { disclosure: 'Disclosure', kyc: 'KYC', agreements: 'Agreements', payment: 'Payment', complete: 'Complete' };
export const OUTCOME_LABELS: Record<FunnelOutcome, string> = { rejected: 'Rejected', refunded: 'Refunded', withdrawn: 'Withdrawn' };

/** Whole euros without cents (they fit a phone's card); cents when there are any. */
const eur = (n: number) => n.toLocaleString('en-GB', { style: 'currency', currency: 'EUR', minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 });

function Figures({ figures }: { figures: DashboardResponse }) {
  // One bar per step, then one per outcome in a colour of its own (two stacked series, each 0 where the other draws).
  const funnel = useMemo<BarChartSpec>(
    () => ({
      labels: [...figures.funnel.map((f) => STEP_LABELS[f.step] ?? f.step), ...figures.outcomes.map((o) => OUTCOME_LABELS[o.outcome])],
      series: [
        [...figures.funnel.map((f) => f.investors), ...figures.outcomes.map(() => 0)],
        [...figures.funnel.map(() => 0), ...figures.outcomes.map((o) => o.investors)],
      ],
      seriesClasses: ['dashboard-series-steps', 'dashboard-series-outcomes'],
      horizontal: true,
      stacked: true,
    }),
    [figures],
  );
  const decisions = useMemo<BarChartSpec>(
    () => ({
      labels: figures.kycDecisions.map((d) => d.day.slice(5)),
      series: [figures.kycDecisions.map((d) => d.approved), figures.kycDecisions.map((d) => d.rejected), figures.kycDecisions.map((d) => d.other)],
      stacked: true,
      labelEvery: 7,
    }),
    [figures],
  );
  const decided = figures.kycDecisions.filter((d) => d.approved + d.rejected + d.other > 0);
  return (
    <>
      <dl className="dashboard-money">
        <div>
          <dt>Investors</dt>
          <dd>{figures.investors.toLocaleString('en-GB')}</dd>
        </div>
        <div>
          <dt>Committed</dt>
          <dd>{eur(figures.money.committedEur)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{eur(figures.money.paidEur)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>{eur(figures.money.refundedEur)}</dd>
        </div>
      </dl>
      <p className="dashboard-note dashboard-note--money">
        Paid (payments completed) and Refunded (refunds sent back) both include the processing fee: the money that moved.
        Committed is the amounts invested, without fees.
      </p>

      <section className="dashboard-card" aria-labelledby="funnel-title">
        <h2 id="funnel-title">Investors per step</h2>
        <p className="dashboard-legend" aria-hidden="true">
          <span>
            <span className="dashboard-key dashboard-key--a" /> At this step
          </span>
          <span>
            <span className="dashboard-key dashboard-key--b" /> Left the process
          </span>
        </p>
        <BarChartView spec={funnel} className="dashboard-chart dashboard-chart--funnel" />
        <div className="visually-hidden">
          <table>
            <caption>Investors per step</caption>
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">Investors</th>
              </tr>
            </thead>
            <tbody>
              {figures.funnel.map((f) => (
                <tr key={f.step}>
                  <th scope="row">{STEP_LABELS[f.step] ?? f.step}</th>
                  <td>{f.investors}</td>
                </tr>
              ))}
              {figures.outcomes.map((o) => (
                <tr key={o.outcome}>
                  <th scope="row">{OUTCOME_LABELS[o.outcome]}</th>
                  <td>{o.outcome === 'withdrawn' && !figures.withdrawalsRecorded ? 'not recorded' : o.investors}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="dashboard-note">
          Each investor is counted once, where their case stands on the lifecycle. Refunded: money went back and they
          have not paid again. Rejected: KYC rejected (refund not made yet, or nothing paid). Asked to redo KYC steps:
          at KYC. The others are at the step they reached.
          {!figures.withdrawalsRecorded && ' Withdrawn shows none: the portal does not record withdrawn subscriptions yet, so an investor who withdrew by notice is counted at their step.'}
        </p>
      </section>

      <section className="dashboard-card" aria-labelledby="kyc-title">
        <h2 id="kyc-title">KYC decisions, last {figures.days} days</h2>
        <p className="dashboard-legend" aria-hidden="true">
          <span>
            <span className="dashboard-key dashboard-key--a" /> Approved
          </span>
          <span>
            <span className="dashboard-key dashboard-key--b" /> Rejected
          </span>
          <span>
            <span className="dashboard-key dashboard-key--c" /> Resubmission requested
          </span>
        </p>
        <BarChartView spec={decisions} className="dashboard-chart dashboard-chart--kyc" />
        <div className="visually-hidden">
          <table>
            <caption>KYC decisions per day (days without decisions left out)</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Approved</th>
                <th scope="col">Rejected</th>
                <th scope="col">Resubmission requested</th>
              </tr>
            </thead>
            <tbody>
              {decided.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  <td>{d.approved}</td>
                  <td>{d.rejected}</td>
                  <td>{d.other}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {decided.length === 0 && <p>No KYC decisions in the last {figures.days} days.</p>}
        <p className="dashboard-note">
          Verifications now:{' '}
          {Object.entries(figures.kycNow)
            .map(([status, n]) => `${status.replace(/_/g, ' ').toLowerCase()} ${n}`)
            .join(' · ') || 'none'}
        </p>
      </section>
    </>
  );
}

/** The part of AdminPageProps this page uses (admin-pages.ts loads the page: importing it back would be a circle). */
export type DashboardPageProps = { api: AdminApi; staff: { roles: readonly StaffRole[] } };

export default function DashboardPage({ api }: DashboardPageProps) {
  const actor = useActorRef(dashboardMachine.provide({ actors: dashboardEffects(api) }));
  const phase = useSelector(actor, selectPhase);
  const figures = useSelector(actor, selectFigures);
  const error = useSelector(actor, selectError);
  const refreshing = useSelector(actor, selectIsRefreshing);
  return (
    <section className="dashboard-page" aria-labelledby="dashboard-title">
      <div className="dashboard-head">
        <h1 id="dashboard-title">Dashboard</h1>
        {phase !== 'loading' && (
          <button type="button" className="admin-button admin-button--secondary" disabled={refreshing} onClick={() => actor.send({ type: 'dashboard.refresh' })}>
            {phase === 'failed' ? 'Try again' : refreshing ? 'Refreshing…' : 'Refresh'}
          </button>
        )}
      </div>
      {phase === 'loading' && <p role="status">Loading the figures…</p>}
      {error && (
        <p role="alert" className="admin-error">
          {error}
        </p>
      )}
      {figures && <Figures figures={figures} />}
      {figures && (
        <p className="dashboard-note">
          As of <When iso={figures.asOf} />.
        </p>
      )}
    </section>
  );
}
