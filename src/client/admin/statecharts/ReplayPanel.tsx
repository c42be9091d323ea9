/**
 * Path replay: choose one of the machine's recorded test runs and one of its paths, then step through it; each step
 * shows the event sent and the snapshot's context as JSON (the diagram highlights the step's states and transitions).
 * The choice is the explorer chart's (issue 29): this renders it and sends what is picked.
 */
import { useId } from 'react';
import type { StatechartDiagram } from '../../../shared/statechart-diagram.ts';
import type { selectReplayStep } from '../../../../machines/admin/statechart-explorer/statechart-explorer.selectors.ts';
import { ChartForm } from '../../ui/form/index.ts';

type Step = NonNullable<ReturnType<typeof selectReplayStep>>;
export type ReplayCommand = 'first' | 'previous' | 'next' | 'last' | 'stop';

const json = (value: unknown) => JSON.stringify(value, null, 2) ?? 'undefined';

type Props = {
  diagram: StatechartDiagram;
  step: Step | null;
  /** The run and path chosen in the form. */
  pick: { run: number; path: number };
  onPickRun: (run: number) => void;
  onPickPath: (path: number) => void;
  onStart: () => void;
  onCommand: (command: ReplayCommand) => void;
};

export function ReplayPanel({ diagram, step, pick, onPickRun, onPickPath, onStart, onCommand }: Props) {
  const id = useId();
  const { run, path } = pick;
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
      <ChartForm
        className="statecharts-replay__choose"
        onSubmit={() => onStart()}
      >
        <label htmlFor={`${id}-run`}>Run</label>
        <select id={`${id}-run`} value={run} onChange={(e) => onPickRun(Number(e.target.value))}>
          {runs.map((r, i) => (
            <option key={`${r.name}:${i}`} value={i}>{r.name} ({r.paths.length}{r.total > r.paths.length ? ` of ${r.total}` : ''} paths)</option>
          ))}
        </select>
        <label htmlFor={`${id}-path`}>Path</label>
        <select id={`${id}-path`} value={path} onChange={(e) => onPickPath(Number(e.target.value))}>
          {chosenRun?.paths.map((p, i) => (
            <option key={i} value={i}>Path {i + 1}: {p.steps.length} steps, ends with {p.steps.at(-1)?.eventType}</option>
          ))}
        </select>
        <button type="submit" className="admin-button">Replay</button>
      </ChartForm>
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
          {/* Scrollable, so focusable; a named region (a bare pre may not carry a name). */}
          <h3 id={`${id}-event`}>Event</h3>
          <pre className="statecharts-json" role="region" tabIndex={0} aria-labelledby={`${id}-event`}>{json(step.step.event)}</pre>
          <h3 id={`${id}-context`}>Context after this step</h3>
          <pre className="statecharts-json" role="region" tabIndex={0} aria-labelledby={`${id}-context`}>{json(step.context)}</pre>
        </div>
      )}
    </section>
  );
}
