/**
 * What the explorer shows of the clicked state or transition: its description, its actions, guards and invokes with
 * their one-line descriptions (the machines' own), the transitions out of a state, and the recorded test paths that
 * reach it (a click replays one).
 */
import { pathsReachingState, pathsTakingTransition, stateKey, transitionsFrom, type PathRef } from '../../explorer/diagram-queries.ts';
import type { DiagramImplementation, DiagramState, DiagramTransition, StatechartDiagram } from '../../../shared/statechart-diagram.ts';
import type { ExplorerSelection } from '../../../../machines/admin/statechart-explorer/statechart-explorer.types.ts';

/** More paths than this are counted, not listed. */
const PATHS_LISTED = 12;

type Props = {
  diagram: StatechartDiagram;
  onSelect: (selection: ExplorerSelection) => void;
  onReplay: (path: PathRef) => void;
};

function Implementations({ title, list }: { title: string; list: readonly DiagramImplementation[] }) {
  if (list.length === 0) return null;
  return (
    <>
      <dt>{title}</dt>
      <dd>
        <ul className="statecharts-impls">
          {list.map((impl, i) => (
            <li key={`${impl.name}:${i}`}>
              <code>{impl.name}</code>
              {impl.description ? ` — ${impl.description}` : <span className="statecharts-missing"> (no description)</span>}
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}

function PathList({ paths, onReplay, what }: { paths: PathRef[]; onReplay: (p: PathRef) => void; what: string }) {
  return (
    <section aria-label={`Test paths that ${what}`}>
      <h4>Test paths that {what} ({paths.length})</h4>
      {paths.length === 0 ? (
        <p className="statecharts-missing">No recorded test path {what === 'reach it' ? 'reaches it' : 'takes it'}.</p>
      ) : (
        <ul className="statecharts-paths">
          {paths.slice(0, PATHS_LISTED).map((p) => (
            <li key={`${p.run}:${p.path}`}>
              <button type="button" className="admin-link-button" onClick={() => onReplay(p)}>
                Replay {p.runName}, path {p.path + 1} (step {p.step + 1})
              </button>
            </li>
          ))}
        </ul>
      )}
      {paths.length > PATHS_LISTED && <p>… and {paths.length - PATHS_LISTED} more.</p>}
    </section>
  );
}

function TransitionFacts({ diagram, t }: { diagram: StatechartDiagram; t: DiagramTransition }) {
  return (
    <dl className="statecharts-facts">
      <dt>Event</dt>
      <dd>
        <code>{t.eventType === '' ? 'always (eventless)' : t.eventType}</code>
        {t.delay ? ` (delay ${t.delay}${t.delayDescription ? `: ${t.delayDescription}` : ''})` : ''}
      </dd>
      {t.guard && <Implementations title="Guard" list={[t.guard]} />}
      <Implementations title="Actions" list={t.actions} />
      <dt>From</dt>
      <dd>{stateKey(diagram, t.source)}</dd>
      <dt>To</dt>
      <dd>{t.targets.length ? t.targets.map((id) => stateKey(diagram, id)).join(', ') : 'no state change (actions only)'}{t.reenter ? ', re-entering' : ''}</dd>
    </dl>
  );
}

function StateDetails({ diagram, state, onSelect, onReplay }: Props & { state: DiagramState }) {
  const out = transitionsFrom(diagram, state.id);
  return (
    <>
      <h3>State {state.key}</h3>
      <p>{state.description ?? <span className="statecharts-missing">No description.</span>}</p>
      <dl className="statecharts-facts">
        <dt>Type</dt>
        <dd>{state.type}{state.tags.length ? `, tags: ${state.tags.join(', ')}` : ''}</dd>
        <dt>Id</dt>
        <dd><code>{state.id}</code></dd>
        <Implementations title="On entry" list={state.entry} />
        <Implementations title="Invokes" list={state.invokes} />
        <Implementations title="On exit" list={state.exit} />
      </dl>
      <h4>Transitions out ({out.length})</h4>
      {out.length > 0 && (
        <ul className="statecharts-out">
          {out.map((t) => (
            <li key={t.id}>
              <button type="button" className="admin-link-button" onClick={() => onSelect({ kind: 'transition', id: t.id })}>{t.label}</button>
              {t.description && <p>{t.description}</p>}
              <TransitionFacts diagram={diagram} t={t} />
            </li>
          ))}
        </ul>
      )}
      <PathList paths={pathsReachingState(diagram, state.id)} onReplay={onReplay} what="reach it" />
    </>
  );
}

export function SelectionDetails({ selection, ...props }: Props & { selection: ExplorerSelection | null }) {
  const { diagram } = props;
  const state = selection?.kind === 'state' ? diagram.states.find((s) => s.id === selection.id) : undefined;
  const transition = selection?.kind === 'transition' ? diagram.transitions.find((t) => t.id === selection.id) : undefined;
  return (
    <section className="statecharts-panel statecharts-details" aria-labelledby="statecharts-details-title">
      <h2 id="statecharts-details-title" className="statecharts-panel__title">Details</h2>
      {state && <StateDetails {...props} state={state} />}
      {transition && (
        <>
          <h3>Transition {transition.label}</h3>
          <p>{transition.description ?? <span className="statecharts-missing">No description.</span>}</p>
          <TransitionFacts diagram={diagram} t={transition} />
          <PathList paths={pathsTakingTransition(diagram, transition.id)} onReplay={props.onReplay} what="take it" />
        </>
      )}
      {!state && !transition && <p>Click a state or a transition on the diagram or in its list to see its details and the test paths through it.</p>}
    </section>
  );
}
