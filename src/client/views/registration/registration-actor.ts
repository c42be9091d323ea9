/** The registration actor as the view sees it, and a typed helper to send one field's change. */
import type { ActorRefFrom } from 'xstate';
import type { registrationMachine } from '../../../../machines/registration/registration.machine.ts';
import type { FieldChangeEvent, FieldName, RegistrationValues } from '../../../../machines/registration/registration.types.ts';

export type RegistrationActor = ActorRefFrom<typeof registrationMachine>;

export function sendFieldChange<F extends FieldName>(actorRef: RegistrationActor, field: F, value: RegistrationValues[F]): void {
  // TypeScript cannot pair a generic field with its value in the union; the signature above does.
  actorRef.send({ type: 'registration.field.change', field, value } as FieldChangeEvent);
}

export const sendFieldBlur = (actorRef: RegistrationActor, field: FieldName): void =>
  actorRef.send({ type: 'registration.field.blur', field });
