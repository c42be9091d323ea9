/** The explorer's list of machines, grouped by area (the investment's lifecycle, investor, back-office), each with its counts. */
import { groupByArea } from '../../../../machines/admin/statechart-explorer/statechart-explorer.selectors.ts';
import type { StatechartIndexEntry } from '../../../shared/statechart-diagram.ts';

const AREA_TITLES = { lifecycle: 'The investment (lifecycle)', investor: 'Investor portal', 'back-office': 'Back-office' } as const;

export function MachineList({ index, onChoose }: { index: readonly StatechartIndexEntry[]; onChoose: (machineId: string) => void }) {
  if (index.length === 0) return <p>No statechart has been generated yet.</p>;
  return (
    <div className="statecharts-list">
      {groupByArea(index).map((group) => (
        <section key={group.area} aria-labelledby={`statecharts-area-${group.area}`}>
          <h2 id={`statecharts-area-${group.area}`}>
            {AREA_TITLES[group.area]} <span className="statecharts-count">({group.machines.length} charts)</span>
          </h2>
          <ul className="statecharts-machines">
            {group.machines.map((m) => (
              <li key={m.id}>
                <a
                  href={`/admin/statecharts/${encodeURIComponent(m.id)}`}
                  className="statecharts-machine"
                  onClick={(e) => {
                    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                    e.preventDefault();
                    onChoose(m.id);
                  }}
                >
                  <span className="statecharts-machine__name">{m.id}</span>
                  <span className="statecharts-machine__counts">
                    {m.states} states · {m.transitions} transitions · {m.paths} test paths
                  </span>
                  <span className="statecharts-machine__file">{m.file}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
