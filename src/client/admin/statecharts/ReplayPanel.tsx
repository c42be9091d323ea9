/**
 * Path replay: choose one of the machine's recorded test runs and one of its paths, then step through it; each step
 * shows the event sent and the snapshot's context as JSON (the diagram highlights the step's states and transitions).
 */
import { useId, useState } from 'react';
import type { StatechartDiagram } from '../../../shared/statechart-diagram.ts';
import type { selectReplayStep } from '../../../../machines/admin/statechart-explorer/statechart-explorer.selectors.ts';

type Step = NonNullable<ReturnType<typeof selectReplayStep>>;
export type ReplayCommand = 'first' | 'previous' | 'next' | 'last' | 'stop';

const json = (value: unknown) => JSON.stringify(value, null, 2) ?? 'undefined';

type Props = {
  diagram: StatechartDiagram;
  step: Step | null;
  onStart: (run: number, path: number) => void;
  onCommand: (command: ReplayCommand) => void;
};

export function ReplayPanel({ diagram, step, onStart, onCommand }: Props) {
  const id = useId();
  const [run, setRun] = useState(0);
  const [path, setPath] = useState(0);
  const runs = diagram.runs;
  const chosenRun = runs[run];
  if (runs.length === 0) {
    return (
      <section className="statecharts-panel" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="statecharts-panel__title">Replay a test path</h2>
        <p>No test path is recorded for this machine.</p>
      </section>
    );
  }
  return (
    <section className="statecharts-panel statecharts-replay" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="statecharts-panel__title">Replay a test path</h2>
      <form
        className="statecharts-replay__choose"
        onSubmit={(e) => {
          e.preventDefault();
          onStart(run, path);
        }}
      >
        <label htmlFor={`${id}-run`}>Run</label>
        <select id={`${id}-run`} value={run} onChange={(e) => { setRun(Number(e.target.value)); setPath(0); }}>
          {runs.map((r, i) => (
            <option key={`${r.name}:${i}`} value={i}>{r.name} ({r.paths.length}{r.total > r.paths.length ? ` of ${r.total}` : ''} paths)</option>
          ))}
        </select>
        <label htmlFor={`${id}-path`}>Path</label>
        <select id={`${id}-path`} value={path} onChange={(e) => setPath(Number(e.target.value))}>
          {chosenRun?.paths.map((p, i) => (
            <option key={i} value={i}>Path {i + 1}: {p.steps.length} steps, ends with {p.steps.at(-1)?.eventType}</option>
          ))}
        </select>
        <button type="submit" className="admin-button">Replay</button>
      </form>
      {step && (
        <div className="statecharts-replay__step">
          <p role="status" className="statecharts-replay__where">
            {step.runName}, path {step.pathNumber}: step {step.number} of {step.count}, event <code>{step.step.eventType}</code>
          </p>
          <div className="statecharts-replay__buttons" role="group" aria-label="Replay steps">
            <button type="button" className="admin-button admin-button--secondary" onClick={() => onCommand('first')} disabled={step.number === 1}>First</button>
            <button type="button" className="admin-button admin-button--secondary" onClick={() => onCommand('previous')} disabled={step.number === 1}>Previous</button>
            <button type="button" className="admin-button" onClick={() => onCommand('next')} disabled={step.number === step.count}>Next step</button>
            <button type="button" className="admin-button admin-button--secondary" onClick={() => onCommand('last')} disabled={step.number === step.count}>Last</button>
            <button type="button" className="admin-button admin-button--secondary" onClick={() => onCommand('stop')}>Stop replay</button>
          </div>
          <p>Active: {step.step.active.join(', ') || '(none)'}</p>
          <h3>Event</h3>
          <pre className="statecharts-json" tabIndex={0} aria-label="Event as JSON">{json(step.step.event)}</pre>
          <h3>Context after this step</h3>
          <pre className="statecharts-json" tabIndex={0} aria-label="Context as JSON">{json(step.context)}</pre>
        </div>
      )}
    </section>
  );
}
