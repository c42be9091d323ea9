/** Typed helpers to send one field's change or blur to the registration chart. */
import type { RegistrationActorRef } from '../../../../machines/registration/registration.machine.ts';
import type { FieldChangeEvent, FieldName, RegistrationValues } from '../../../../machines/registration/registration.types.ts';

export function sendFieldChange<F extends FieldName>(actorRef: RegistrationActorRef, field: F, value: RegistrationValues[F]): void {
  // TypeScript cannot pair a generic field with its value in the union; the signature above does.
  actorRef.send({ type: 'registration.field.change', field, value } as FieldChangeEvent);
}

export const sendFieldBlur = (actorRef: RegistrationActorRef, field: FieldName): void =>
  actorRef.send({ type: 'registration.field.blur', field });
