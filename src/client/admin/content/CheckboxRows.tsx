/**
 * An agreement's checkboxes as rows (issue 29): each statement with its Required and Critical boxes, moved up or down,
 * removed, or added at the end. Every control is labelled with its row's number; the faults are the chart's.
 */
import { useSelector } from '@xstate/react';
import type { ContentActorRef } from '../../../../machines/admin/content/content.machine.ts';
import { selectCanAddBox, selectDraft, selectDraftProblems, selectIsBusy } from '../../../../machines/admin/content/content.selectors.ts';
import { AGREEMENT_MAX_CHECKBOXES, CHECKBOX_TEXT_MAX } from '../../../shared/admin/content.ts';
import { Checkbox, Field, FieldError } from '../../ui/form/index.ts';

export function CheckboxRows({ actor, idPrefix }: { actor: ContentActorRef; idPrefix: string }) {
  const draft = useSelector(actor, selectDraft);
  const problems = useSelector(actor, selectDraftProblems);
  const canAdd = useSelector(actor, selectCanAddBox);
  const busy = useSelector(actor, selectIsBusy);
  if (draft?.kind !== 'agreement') return null;
  const rows = draft.boxes;
  const listErrorId = `${idPrefix}-boxes-error`;
  return (
    <fieldset className="content-boxes" aria-describedby={problems.boxes ? listErrorId : undefined}>
      <legend>Checkboxes the investor confirms</legend>
      <p className="content-meta">
        In the order the investor sees them; 1 to {AGREEMENT_MAX_CHECKBOXES}, at least one required. A critical statement is always required.
      </p>
      <ol className="content-box-rows">
        {rows.map((row, index) => {
          const n = index + 1;
          const rowId = `${idPrefix}-box-${row.id}`;
          const rowProblems = problems.rows[index] ?? {};
          return (
            <li key={row.id} className="content-box-row">
              <fieldset>
                <legend>Checkbox {n}</legend>
                <Field id={`${rowId}-text`} label={<>Statement<span className="visually-hidden"> of checkbox {n}</span></>} required error={rowProblems.text ?? rowProblems.id}>
                  {(control) => (
                    <textarea
                      {...control}
                      className="ui-input"
                      rows={2}
                      maxLength={CHECKBOX_TEXT_MAX}
                      value={row.text}
                      onChange={(e) => actor.send({ type: 'content.box.text', index, value: e.target.value })}
                    />
                  )}
                </Field>
                <div className="content-box-flags">
                  <Checkbox id={`${rowId}-required`} label={<>Required<span className="visually-hidden"> (checkbox {n})</span></>} checked={row.required} onChange={(value) => actor.send({ type: 'content.box.flag', index, flag: 'required', value })} />
                  <Checkbox
                    id={`${rowId}-critical`}
                    label={<>Critical<span className="visually-hidden"> (checkbox {n})</span></>}
                    checked={row.critical}
                    error={rowProblems.critical}
                    onChange={(value) => actor.send({ type: 'content.box.flag', index, flag: 'critical', value })}
                  />
                </div>
                <div className="content-actions">
                  <button type="button" className="admin-button admin-button--secondary" disabled={busy || index === 0} onClick={() => actor.send({ type: 'content.box.move', index, by: -1 })}>
                    Move up<span className="visually-hidden"> checkbox {n}</span>
                  </button>
                  <button type="button" className="admin-button admin-button--secondary" disabled={busy || index === rows.length - 1} onClick={() => actor.send({ type: 'content.box.move', index, by: 1 })}>
                    Move down<span className="visually-hidden"> checkbox {n}</span>
                  </button>
                  <button type="button" className="admin-button admin-button--danger" disabled={busy || rows.length < 2} onClick={() => actor.send({ type: 'content.box.remove', index })}>
                    Remove<span className="visually-hidden"> checkbox {n}</span>
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <FieldError id={problems.boxes ? listErrorId : undefined} error={problems.boxes} />
      <button type="button" className="admin-button admin-button--secondary" disabled={busy || !canAdd} onClick={() => actor.send({ type: 'content.box.add' })}>
        Add a checkbox
      </button>
    </fieldset>
  );
}
