/**
 * Staff sign-in (issue 15): an emailed one-time code, then a passkey. And the enrolment link that registers a
 * passkey. The bodies the back-office sends and what it gets back; the server validates with these schemas.
 */
import * as v from 'valibot';
import { EmailSchema, CODE_PATTERN } from '../auth.ts';
import { STAFF_ROLES } from './staff-roles.ts';

export const StaffCodeRequestSchema = v.object({ email: EmailSchema });
export const StaffCodeVerifySchema = v.object({
  challengeId: v.pipe(v.string(), v.uuid()),
  code: v.pipe(v.string(), v.trim(), v.regex(CODE_PATTERN, 'Please enter the 6-digit code from the email.')),
});

/** An enrolment link's secret: 32 random bytes, base64url (43 characters). */
export const ENROL_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const EnrolSecretSchema = v.pipe(v.string(), v.regex(ENROL_SECRET_PATTERN));

/**
 * A WebAuthn response as @simplewebauthn/browser hands it over: checked for shape and size here; what it proves is
 * checked by @simplewebauthn/server.
 */
const b64url = (max: number) => v.pipe(v.string(), v.maxLength(max), v.regex(/^[A-Za-z0-9_-]*={0,2}$/));
const ClientExtensions = v.optional(v.record(v.string(), v.unknown()), {});
export const AuthenticationResponseSchema = v.object({
  id: b64url(1024),
  rawId: b64url(1024),
  type: v.literal('public-key'),
  response: v.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(4096),
    signature: b64url(1024),
    userHandle: v.optional(b64url(256)),
  }),
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
  clientExtensionResults: ClientExtensions,
});
export const RegistrationResponseSchema = v.object({
  id: b64url(1024),
  rawId: b64url(1024),
  type: v.literal('public-key'),
  response: v.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(16384),
    authenticatorData: v.optional(b64url(16384)),
    transports: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(32))), v.maxLength(10))),
    publicKeyAlgorithm: v.optional(v.number()),
    publicKey: v.optional(b64url(4096)),
  }),
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
  clientExtensionResults: ClientExtensions,
});

export const StaffPasskeySchema = v.object({ challengeId: v.pipe(v.string(), v.uuid()), response: AuthenticationResponseSchema });
export const EnrolOptionsSchema = v.object({ secret: EnrolSecretSchema });
export const EnrolSchema = v.object({ secret: EnrolSecretSchema, response: RegistrationResponseSchema });

export type AuthenticationResponse = v.InferOutput<typeof AuthenticationResponseSchema>;
export type RegistrationResponse = v.InferOutput<typeof RegistrationResponseSchema>;

/** The signed-in member as the back-office shows them. */
export const SignedInStaffSchema = v.object({ id: v.string(), email: v.string(), displayName: v.string(), roles: v.array(v.picklist(STAFF_ROLES)) });
export type SignedInStaff = v.InferOutput<typeof SignedInStaffSchema>;
export const StaffAuthAnswerSchema = v.object({ token: v.string(), staff: SignedInStaffSchema });
export type StaffAuthAnswer = v.InferOutput<typeof StaffAuthAnswerSchema>;
export const StaffCodeAnswerSchema = v.object({ challengeId: v.string() });
export type StaffCodeAnswer = v.InferOutput<typeof StaffCodeAnswerSchema>;
/** Options for navigator.credentials.get / create (PublicKeyCredential*OptionsJSON), passed through untouched. */
const WebAuthnOptionsJSONSchema = v.looseObject({ challenge: v.string() });
export type WebAuthnOptionsJSON = Record<string, unknown> & { challenge: string };
export const StaffCodeVerifyAnswerSchema = v.object({ options: WebAuthnOptionsJSONSchema });
export type StaffCodeVerifyAnswer = { options: WebAuthnOptionsJSON };
export const EnrolOptionsAnswerSchema = v.object({ options: WebAuthnOptionsJSONSchema, staff: v.object({ email: v.string(), displayName: v.string() }) });
export type EnrolOptionsAnswer = { options: WebAuthnOptionsJSON; staff: { email: string; displayName: string } };
/** What signing out answers (nothing a screen reads). */
export const SignedOutAnswerSchema = v.unknown();
