/**
 * Signing in (spec sections 3 "Login payload", 5 and 7): the email address, the login and one-time code payloads,
 * their answers (the code challenge, the session), the browser's stored session, and reading a session token.
 */
import * as v from 'valibot';
import { InvestmentSettingsSchema } from './investment-settings.ts';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/**
 * Characters no address needs and a reader cannot see or trust, refused by Unicode property rather than by a list of
 * code points (a list misses the next one: U+061C, U+00AD, U+180E and U+3164 got through the last list):
 * - \p{Cc} controls (C0, DEL, C1); \p{Cf} format characters: bidirectional marks, overrides and isolates (U+202E
 *   would show `moc.elpmaxe@x` as `x@example.com`), zero-width characters, the BOM, the soft hyphen, U+061C, U+180E,
 *   tags; \p{Cs} lone surrogates (with the u flag a pair is one code point); \p{Co} private use; \p{Cn} unassigned
 *   (in the Unicode version of the engine: the server's decides); \p{Zl} \p{Zp} line and paragraph separators
 *   (other spaces are refused by EMAIL_PATTERN's \s);
 * - \p{Default_Ignorable_Code_Point}: what renders as nothing though it is a letter or a mark, the Hangul fillers
 *   (U+115F, U+1160, U+3164, U+FFA0), the combining grapheme joiner, variation selectors (ECMAScript has the
 *   property: docs/decisions.md "Email addresses").
 */
const ONLY_VISIBLE = /^[^\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]*$/u;
const INVALID_EMAIL = 'Please enter a valid email address.';
export const isValidEmail = (email: string): boolean => EMAIL_PATTERN.test(email.trim()) && ONLY_VISIBLE.test(email);
export const EmailSchema = v.pipe(
  v.string(),
  // A format rule (regex), so every call answers it in the catalogue's email words, as the pattern below.
  v.regex(ONLY_VISIBLE, INVALID_EMAIL),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(254),
  v.regex(EMAIL_PATTERN, INVALID_EMAIL),
);

/** The fixed placeholder password the login call sends (spec section 3, "Login payload"). */
export const LOGIN_PLACEHOLDER_PASSWORD = 'placeholder-password';

export const LoginPayloadSchema = v.object({ email: EmailSchema, password: v.pipe(v.string(), v.maxLength(200)) });
export type LoginPayload = v.InferOutput<typeof LoginPayloadSchema>;
/** POST /api/auth/login asks for a one-time code; a `password` a client still sends is ignored. */
export const LoginCodeRequestSchema = v.object({ email: EmailSchema, password: v.optional(v.unknown()) });

/** One-time email codes (OWASP ASVS 5.0 chapter 6 figures). */
export const EMAIL_CODE = {
  length: 6,
  ttlSeconds: 600,
  resendCooldownMs: 60_000,
  maxAttempts: 5,
  /** No limit may keep a real investor out for longer than this. */
  maxLockoutSeconds: 900,
} as const;

export const CODE_PATTERN = /^\d{6}$/;
export const ChallengeIdSchema = v.pipe(v.string(), v.uuid('The request is not valid.'));
export const VerifyCodePayloadSchema = v.object({
  challengeId: ChallengeIdSchema,
  code: v.pipe(v.string(), v.trim(), v.regex(CODE_PATTERN, 'Please enter the 6-digit code from the email.')),
});
export type VerifyCodePayload = v.InferOutput<typeof VerifyCodePayloadSchema>;
export const ResendCodePayloadSchema = v.object({ challengeId: ChallengeIdSchema });

/** 202 answer of login, register and resend: which challenge to answer, and the masked address it went to. */
export const CodeChallengeSchema = v.object({ challengeId: v.string(), sentTo: v.string() });
export type CodeChallenge = v.InferOutput<typeof CodeChallengeSchema>;

export const SessionUserSchema = v.object({
  userId: v.string(),
  userDetailsId: v.string(),
  email: v.string(),
  investmentAmount: v.number(),
});
export type SessionUser = v.InferOutput<typeof SessionUserSchema>;

/** 200 answer of verify: the session token and its user; a registration's answer carries the settings in force. */
export const AuthResponseSchema = v.object({
  token: v.pipe(v.string(), v.minLength(1)),
  user: SessionUserSchema,
  settings: v.optional(InvestmentSettingsSchema),
});
export type AuthResponse = v.InferOutput<typeof AuthResponseSchema>;

/** Where the browser keeps the session (spec section 3 "Browser session storage"). */
export const STORAGE_KEYS = { token: 'authToken', user: 'user', userDetailsId: 'userDetailsId' } as const;

/** The JSON claims in the middle part of a three-part token, or null when it cannot be read. */
export function readTokenPayload(token: string | null | undefined): Record<string, unknown> | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const b64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))) as unknown;
    return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The `exp` (seconds) of a token, or null when it cannot be read. */
export function readTokenExp(token: string | null | undefined): number | null {
  const exp = readTokenPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
}

/** Spec section 5: expired if missing, undecodable, or exp earlier than now. */
export const isTokenExpired = (token: string | null | undefined, nowMs: number): boolean => {
  const exp = readTokenExp(token);
  return exp === null || exp * 1000 < nowMs;
};
