/**
 * Beside the lifecycle chart: how many investors it holds now, and who is in the state clicked (issue 27). A pure
 * rendering of the lifecycle-population chart's snapshot.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { lifecyclePopulationMachine } from '../../../../machines/admin/lifecycle-population/lifecycle-population.machine.ts';
import {
  selectError,
  selectHasMore,
  selectInvestors,
  selectListedState,
  selectPhase,
  selectPopulation,
} from '../../../../machines/admin/lifecycle-population/lifecycle-population.selectors.ts';
import { When } from '../ui/When.tsx';

const eur = (amount: number) => `€${amount.toLocaleString('en-GB', { maximumFractionDigits: 2 })}`;
const stateName = (id: string) => (id === 'investment' ? 'the whole lifecycle' : id.replace(/^investment\./, ''));

export function PopulationPanel({ actor }: { actor: ActorRefFrom<typeof lifecyclePopulationMachine> }) {
  const phase = useSelector(actor, selectPhase);
  const population = useSelector(actor, selectPopulation);
  const state = useSelector(actor, selectListedState);
  const investors = useSelector(actor, selectInvestors);
  const hasMore = useSelector(actor, selectHasMore);
  const error = useSelector(actor, selectError);
  if (phase === 'closed') return null;

  return (
    <section className="statecharts-population" aria-labelledby="statecharts-population-title">
      <h3 id="statecharts-population-title">Investors on the lifecycle</h3>
      {phase === 'counting' && <p role="status">Counting the investors in each state…</p>}
      {phase === 'countFailed' && (
        <div role="alert" className="admin-error">
          <p>{error}</p>
          <button type="button" className="admin-button" onClick={() => actor.send({ type: 'population.retry' })}>Try again</button>
        </div>
      )}
      {population && phase !== 'counting' && phase !== 'countFailed' && (
        <>
          <p>
            {population.investors} {population.investors === 1 ? 'investor' : 'investors'} as of <When iso={population.asOf} />; each state on the chart shows how
            many are in it now.{' '}
            <button type="button" className="admin-link-button" onClick={() => actor.send({ type: 'population.refresh' })}>Count again</button>
          </p>
          {population.anomalies > 0 && (
            <p className="statecharts-missing">
              {population.anomalies} {population.anomalies === 1 ? 'case has' : 'cases have'} records today's rules would not allow (listed with the state they are in).
            </p>
          )}
          {phase === 'idle' && <p>Click a state to list the investors in it.</p>}
        </>
      )}
      {state && (phase === 'listing' || phase === 'listed' || phase === 'loadingMore' || phase === 'listFailed') && (
        <section aria-labelledby="statecharts-population-list">
          <h4 id="statecharts-population-list">In {stateName(state)}</h4>
          {phase === 'listing' && <p role="status">Loading the investors…</p>}
          {phase === 'listFailed' && (
            <div role="alert" className="admin-error">
              <p>{error}</p>
              <button type="button" className="admin-button" onClick={() => actor.send({ type: 'population.retry' })}>Try again</button>
            </div>
          )}
          {(phase === 'listed' || phase === 'loadingMore') &&
            (investors.length === 0 ? (
              <p>Nobody is in this state now.</p>
            ) : (
              <table className="statecharts-population__table">
                <thead>
                  <tr>
                    <th scope="col">Investor</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Where the case stands</th>
                  </tr>
                </thead>
                <tbody>
                  {investors.map((i) => (
                    <tr key={i.userId}>
                      <td>
                        {i.name || '(no name)'}
                        <br />
                        <span className="statecharts-population__email">{i.email}</span>
                      </td>
                      <td>{eur(i.amount)}</td>
                      <td>
                        {i.states.join(', ')}
                        {i.anomalies.map((a) => (
                          <span key={a} className="statecharts-missing">
                            <br />
                            {a}
                          </span>
                        ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ))}
          {phase === 'loadingMore' && <p role="status">Loading more investors…</p>}
          {phase === 'listed' && hasMore && (
            <button type="button" className="admin-button" onClick={() => actor.send({ type: 'population.more' })}>Show more</button>
          )}
        </section>
      )}
    </section>
  );
}
