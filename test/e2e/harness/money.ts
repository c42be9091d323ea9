/**
 * Finance e2e helpers (issue 15): an investor's payment made over the investor API exactly as the payment page sends
 * it (initiate, then the wire's process call or the local test provider's card confirmation), a compliance member's
 * token (invited by the run's first admin, enrolled with a software passkey over the API) for KYC decisions, and the
 * staff API calls a test checks the server with.
 *
 *   const wire = await payByWire(investor);                       // AWAITING_FUNDS
 *   const card = await payByCard(investor);                       // COMPLETED by the local test provider
 *   await decideKyc(await staffApiToken(['compliance']), investor.user.userId, 'APPROVED');
 */
import { paymentAmounts, fromCents, wireReference, type InitiatePaymentResponse } from '../../../src/shared/payment.ts';
import type { StaffRole } from '../../../src/shared/admin/staff-roles.ts';
import { SoftAuthenticator } from '../../api/support/admin-sign-in-authenticator.ts';
import { baseUrl } from './browser.ts';
import type { Investor } from './investor.ts';
import { inviteStaff, staffOrigin } from './staff.ts';

async function call<T>(origin: string, method: 'GET' | 'POST', path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const amountsFor = (investor: Investor, method: 'CARD' | 'WIRE') => {
  const { amountCents, feeCents, totalCents } = paymentAmounts(investor.user.investmentAmount, method);
  return { amount: fromCents(amountCents), processingFee: fromCents(feeCents), totalAmount: fromCents(totalCents) };
};

/** The wire as the page sends it: initiate with the investor's reference, then "I have sent it". AWAITING_FUNDS. */
export async function payByWire(investor: Investor): Promise<{ paymentId: string; reference: string; total: number }> {
  const started = await call<Extract<InitiatePaymentResponse, { paymentMethod: 'WIRE' }>>(baseUrl, 'POST', '/api/payment/initiate', investor.token, {
    paymentMethod: 'WIRE',
    ...amountsFor(investor, 'WIRE'),
    wireReference: wireReference(investor.user.userId),
  });
  await call(baseUrl, 'POST', '/api/payment/process', investor.token, { paymentMethod: 'WIRE', paymentId: started.paymentId, transactionId: started.paymentRef });
  return { paymentId: started.paymentId, reference: started.paymentRef, total: started.totalAmount };
}

/** The card as the page pays it in the local test provider: initiate, then the test Visa confirmed. COMPLETED. */
export async function payByCard(investor: Investor): Promise<{ paymentId: string; intentId: string; total: number }> {
  const started = await call<Extract<InitiatePaymentResponse, { paymentMethod: 'CARD' }>>(baseUrl, 'POST', '/api/payment/initiate', investor.token, { paymentMethod: 'CARD', ...amountsFor(investor, 'CARD') });
  await call(baseUrl, 'POST', '/api/payment/test-card/confirm', investor.token, {
    paymentIntentId: started.stripe.paymentIntentId,
    clientSecret: started.stripe.clientSecret,
    paymentMethod: 'pm_card_visa',
  });
  return { paymentId: started.paymentId, intentId: started.stripe.paymentIntentId, total: started.totalAmount };
}

/** A staff token for a new member with `roles`: invited by the first admin, its passkey enrolled over the API. */
export async function staffApiToken(roles: StaffRole[], displayName = 'Test Staff'): Promise<string> {
  const { secret } = await inviteStaff(roles, displayName);
  const key = new SoftAuthenticator(staffOrigin, 'localhost');
  const { options } = await call<{ options: Parameters<SoftAuthenticator['register']>[0] }>(staffOrigin, 'POST', '/api/admin/auth/enrol/options', null, { secret });
  const { token } = await call<{ token: string }>(staffOrigin, 'POST', '/api/admin/auth/enrol', null, { secret, response: key.register(options) });
  return token;
}

export const staffGet = <T>(path: string, token: string) => call<T>(staffOrigin, 'GET', path, token);
export const staffPost = <T>(path: string, token: string, body: unknown) => call<T>(staffOrigin, 'POST', path, token, body);

/** A compliance decision on the investor's current review round (read from the case). */
export async function decideKyc(token: string, userId: string, decision: 'APPROVED' | 'REJECTED', reason?: string): Promise<{ status: string }> {
  const kase = await staffGet<{ kyc: { reviewRound: number } }>(`/api/admin/kyc/cases/${userId}`, token);
  return call(staffOrigin, 'POST', `/api/admin/kyc/cases/${userId}/decision`, token, { decision, expectedRound: kase.kyc.reviewRound, ...(reason ? { reason } : {}) });
}
