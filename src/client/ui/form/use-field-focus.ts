/**
 * The focus half of the portal's form pattern: a chart decides which field needs the investor next (a refused
 * submit: its first invalid field; a server refusal: the field it named) as a FocusRequest, and the form's view moves
 * focus there each time a new request arrives (its `seq` differs from the last one's). Fields are found by their `name` inside the form, so every
 * control of a form carries its field's name (radios share it: the first takes focus).
 * The rest of the pattern: every invalid field shows its message (Field, Checkbox, RadioCards, FilePicker render
 * `error` under the control, with aria-invalid and aria-describedby pointing at it), all at once after a submit.
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { FocusRequest } from '../../../shared/validate.ts';

export function useFieldFocus(form: RefObject<HTMLElement | null>, request: FocusRequest | null): void {
  const handled = useRef<number>(request?.seq ?? 0);
  useEffect(() => {
    if (!request || request.seq === handled.current) return;
    handled.current = request.seq;
    const root = form.current;
    const control =
      root?.querySelector<HTMLElement>(`[name="${CSS.escape(request.field)}"]:not(:disabled)`) ?? root?.querySelector<HTMLElement>('[aria-invalid="true"]');
    control?.focus();
  }, [form, request]);
}
