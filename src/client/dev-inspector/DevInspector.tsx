/**
 * The live inspector (issue 16, development builds only: `npm run dev`): a toggle button at the bottom right opens a
 * panel listing every running actor of the session (session, process, the page's chart and its children); picking
 * one draws its machine (the generated diagram, a lazy chunk) with its active states highlighted, following the
 * investor's clicks. App.tsx loads this module only when import.meta.env.DEV, so production builds hold none of it
 * (the bench searches them for INSPECTOR_MARKER).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { StatechartDiagram } from '../../shared/statechart-diagram.ts';
import { DiagramView } from '../explorer/DiagramView.tsx';
import { INSPECTOR_MARKER, type InspectorStore } from './inspector-store.ts';
import './dev-inspector.css';

const DIAGRAMS = import.meta.glob('../explorer/generated/*.json') as Record<string, () => Promise<{ default: StatechartDiagram }>>;

function useDiagram(machineId: string | null): { diagram: StatechartDiagram | null; missing: boolean } {
  const [state, setState] = useState<{ id: string | null; diagram: StatechartDiagram | null; missing: boolean }>({ id: null, diagram: null, missing: false });
  useEffect(() => {
    if (!machineId) return;
    const load = DIAGRAMS[`../explorer/generated/${machineId}.json`];
    if (!load) {
      setState({ id: machineId, diagram: null, missing: true });
      return;
    }
    let live = true;
    load().then(
      (m) => live && setState({ id: machineId, diagram: m.default, missing: false }),
      () => live && setState({ id: machineId, diagram: null, missing: true }),
    );
    return () => void (live = false);
  }, [machineId]);
  return state.id === machineId ? state : { diagram: null, missing: false };
}

export function DevInspector({ store }: { store: InspectorStore }) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const actors = useSyncExternalStore(store.subscribe, store.list);
  const current = actors.find((a) => a.sessionId === picked) ?? actors[0] ?? null;
  const { diagram, missing } = useDiagram(open && current ? current.machineId : null);
  const depth = (sessionId: string | null): number => {
    const a = actors.find((x) => x.sessionId === sessionId);
    return a?.parentSessionId ? 1 + depth(a.parentSessionId) : 0;
  };

  return (
    <div className="dev-inspector" data-marker={INSPECTOR_MARKER}>
      <button type="button" className="dev-inspector__toggle" aria-expanded={open} aria-controls="dev-inspector-panel" onClick={() => setOpen(!open)}>
        Inspector
      </button>
      {open && (
        <section id="dev-inspector-panel" className="dev-inspector__panel" aria-label="Live statechart inspector">
          <h2 className="dev-inspector__title">Running actors ({actors.length})</h2>
          <ul className="dev-inspector__actors">
            {actors.map((a) => (
              <li key={a.sessionId} style={{ paddingLeft: `${depth(a.sessionId) * 0.75}rem` }}>
                <button type="button" aria-pressed={a.sessionId === current?.sessionId} onClick={() => setPicked(a.sessionId)}>
                  {a.name === a.machineId ? a.machineId : `${a.name} (${a.machineId})`}
                </button>
              </li>
            ))}
          </ul>
          {current && (
            <div className="dev-inspector__diagram">
              <p className="dev-inspector__active">
                <strong>{current.machineId}</strong>: {current.active.join(', ') || '(no state)'}
              </p>
              {diagram ? (
                <DiagramView diagram={diagram} title={`Live statechart of ${current.machineId}`} active={new Set(current.active)} followActive />
              ) : (
                <p>{missing ? `No generated diagram for ${current.machineId} (npm run statecharts).` : 'Loading the diagram…'}</p>
              )}
            </div>
          )}
        </section>
      )}
    </div>
  );
}
