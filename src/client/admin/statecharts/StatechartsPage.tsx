/**
 * The back-office's statechart explorer (issue 16) at /admin/statecharts: the machines by area; /admin/statecharts/<id>
 * draws one (DiagramView) with the details of the clicked state or transition and a replay of its recorded test paths.
 * The logic is the statechart-explorer chart; the data are the generated diagram files, each a lazy chunk.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { statechartExplorerMachine } from '../../../../machines/admin/statechart-explorer/statechart-explorer.machine.ts';
import {
  selectDiagram,
  selectError,
  selectIndex,
  selectMachineId,
  selectPhase,
  selectReplayPick,
  selectReplayStep,
  selectSelection,
} from '../../../../machines/admin/statechart-explorer/statechart-explorer.selectors.ts';
import { lifecyclePopulationMachine } from '../../../../machines/admin/lifecycle-population/lifecycle-population.machine.ts';
import { selectBadges } from '../../../../machines/admin/lifecycle-population/lifecycle-population.selectors.ts';
import type { AdminApi } from '../admin-api.ts';
import { DiagramView } from '../../explorer/DiagramView.tsx';
import { apiPopulationLoaders, lifecyclePopulationEffects, type PopulationLoaders } from './lifecycle-population-effects.ts';
import { PopulationPanel } from './PopulationPanel.tsx';
import { MachineList } from './MachineList.tsx';
import { ReplayPanel } from './ReplayPanel.tsx';
import { SelectionDetails } from './SelectionDetails.tsx';
import { GENERATED_LOADERS, statechartsEffects, type StatechartLoaders } from './statecharts-effects.ts';
import './statecharts.css';

/** The machine id an address names ('/process' -> 'process'), else null. */
export const machineIdOf = (subPath: string): string | null => {
  const raw = /^\/([^/]+)\/?$/.exec(subPath)?.[1];
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

export type StatechartsPageProps = {
  subPath: string;
  navigate: (path: string) => void;
  loaders?: StatechartLoaders;
  /** The back-office API (the shell hands it to every page): the lifecycle chart's counts come through it. */
  api?: AdminApi;
  /** The lifecycle counts' calls (a fixture in tests); by default through `api`, none without it. */
  populationLoaders?: PopulationLoaders;
};


const EMPTY: ReadonlySet<string> = new Set();

export default function StatechartsPage({ subPath, navigate, loaders = GENERATED_LOADERS, api, populationLoaders }: StatechartsPageProps) {
  const requested = machineIdOf(subPath);
  const machine = useMemo(() => statechartExplorerMachine.provide(statechartsEffects(navigate, loaders)), [navigate, loaders]);
  const actor = useActorRef(machine, { input: { machineId: requested } });
  const phase = useSelector(actor, selectPhase);
  const index = useSelector(actor, selectIndex);
  const machineId = useSelector(actor, selectMachineId);
  const diagram = useSelector(actor, selectDiagram);
  const selection = useSelector(actor, selectSelection);
  const error = useSelector(actor, selectError);
  const step = useSelector(actor, selectReplayStep);
  const pick = useSelector(actor, selectReplayPick);
  const people = useMemo(() => populationLoaders ?? (api ? apiPopulationLoaders(api) : null), [populationLoaders, api]);
  // Without loaders (no API: the page's own tests) the chart stays closed: nothing opens it.
  const population = useActorRef(useMemo(() => (people ? lifecyclePopulationMachine.provide(lifecyclePopulationEffects(people)) : lifecyclePopulationMachine), [people]));
  const badges = useSelector(population, selectBadges);
  const isLifecycle = phase === 'showing' && diagram?.area === 'lifecycle' && people !== null;

  // The lifecycle chart shows who is where: counted once it is drawn, the state clicked listed.
  useEffect(() => {
    if (isLifecycle) population.send({ type: 'population.open' });
  }, [isLifecycle, population]);
  useEffect(() => {
    if (isLifecycle) population.send({ type: 'population.state.choose', state: selection?.kind === 'state' ? selection.id : null });
  }, [isLifecycle, population, selection]);

  // The browser's back and forward buttons change the address: the chart follows it.
  useEffect(() => {
    if (!actor.getSnapshot().context.index || requested === actor.getSnapshot().context.machineId) return;
    actor.send(requested ? { type: 'explorer.choose', machineId: requested } : { type: 'explorer.back' });
  }, [actor, requested]);

  useEffect(() => {
    document.title = machineId ? `${machineId} · Statecharts · G2G Back-office` : 'Statecharts · G2G Back-office';
  }, [machineId]);

  const active = useMemo(() => (step ? new Set(step.step.active) : EMPTY), [step]);
  const taken = useMemo(() => (step ? new Set(step.step.transitions) : EMPTY), [step]);
  const entry = index?.find((m) => m.id === machineId);

  return (
    <section className="statecharts-page" aria-labelledby="statecharts-title">
      <h1 id="statecharts-title">Statecharts</h1>
      {phase === 'loadingList' && <p role="status">Loading the list of statecharts…</p>}
      {phase === 'listFailed' && (
        <div role="alert" className="admin-error">
          <p>{error}</p>
          <button type="button" className="admin-button" onClick={() => actor.send({ type: 'explorer.retry' })}>Try again</button>
        </div>
      )}
      {phase === 'choosing' && index && (
        <>
          <p>Every statechart of the portal, drawn from its machine definition, with the test paths generated from it. Choose one.</p>
          <MachineList index={index} onChoose={(id) => actor.send({ type: 'explorer.choose', machineId: id })} />
        </>
      )}
      {(phase === 'loadingDiagram' || phase === 'diagramFailed' || phase === 'showing') && (
        <nav className="statecharts-back" aria-label="Statecharts">
          <button type="button" className="admin-link-button" onClick={() => actor.send({ type: 'explorer.back' })}>← All statecharts</button>
        </nav>
      )}
      {phase === 'loadingDiagram' && <p role="status">Loading the {machineId} statechart…</p>}
      {phase === 'diagramFailed' && (
        <div role="alert" className="admin-error">
          <p>{error}</p>
          <button type="button" className="admin-button" onClick={() => actor.send({ type: 'explorer.retry' })}>Try again</button>
        </div>
      )}
      {phase === 'showing' && diagram && (
        <>
          <header className="statecharts-head">
            <h2 className="statecharts-head__title">{diagram.id}</h2>
            <p className="statecharts-head__meta">
              <code>{diagram.file}</code> ({diagram.exportName}) · {diagram.states.length} states · {diagram.transitions.length} transitions
              {entry ? ` · ${entry.paths} test paths` : ''}
            </p>
            {diagram.states[0]?.description && <p>{diagram.states[0].description}</p>}
          </header>
          <DiagramView
            diagram={diagram}
            title={`Statechart of ${diagram.id}`}
            active={active}
            highlightTransitions={taken}
            followActive={step !== null}
            followKey={step ? `${step.runName} ${step.pathNumber} ${step.number}` : undefined}
            selected={selection}
            onSelect={(sel) => actor.send({ type: 'explorer.select', selection: sel })}
            badges={isLifecycle ? badges : undefined}
          />
          {isLifecycle && <PopulationPanel actor={population} />}
          <div className="statecharts-panels">
            <SelectionDetails
              diagram={diagram}
              selection={selection}
              onSelect={(sel) => actor.send({ type: 'explorer.select', selection: sel })}
              onReplay={(p) => actor.send({ type: 'explorer.replay.start', run: p.run, path: p.path, step: p.step })}
            />
            <ReplayPanel
              key={diagram.id}
              diagram={diagram}
              step={step}
              pick={pick}
              onPickRun={(run) => actor.send({ type: 'explorer.replay.pickRun', run })}
              onPickPath={(path) => actor.send({ type: 'explorer.replay.pickPath', path })}
              onStart={() => actor.send({ type: 'explorer.replay.start', run: pick.run, path: pick.path })}
              onCommand={(command) => actor.send({ type: `explorer.replay.${command}` })}
            />
          </div>
        </>
      )}
    </section>
  );
}
