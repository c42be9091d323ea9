/**
 * The API client with a stand-in fetch: a call given a schema gets back the schema's output, and a success answer the
 * schema refuses (or that is not JSON) becomes an ApiError in the catalogue's words, logged once, without the 401 path.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api-error.ts';
import { CodeChallengeSchema } from '../../shared/auth.ts';
import { messages } from '../../shared/messages.ts';
import { PaymentStatusResponseSchema } from '../../shared/payment.ts';
import { createApiClient } from './api-client.ts';

const CHALLENGE = { challengeId: '6f1c1a8e-3b7a-4c5e-9d2f-1a2b3c4d5e6f', sentTo: 'a***@example.com' };

function client(answer: Response) {
  const log = vi.fn();
  const onUnauthorized = vi.fn();
  const fetch = vi.fn(async () => answer);
  const api = createApiClient({ baseUrl: 'http://portal.test', getToken: () => 'tok', onUnauthorized, log, fetch });
  return { api, log, onUnauthorized, fetch };
}

describe('api client: answers checked by their schema', () => {
  it('answers what the schema gives for an answer that passes it', async () => {
    const { api, log } = client(Response.json({ ...CHALLENGE, extra: 'not part of the contract' }, { status: 202 }));
    expect(await api.post('/api/auth/login', { auth: false, json: { email: 'a@example.com' }, schema: CodeChallengeSchema })).toEqual(CHALLENGE);
    expect(log).not.toHaveBeenCalled();
  });

  it('refuses a malformed 2xx answer with the catalogue message and the answer status, and logs it once', async () => {
    const malformed = { paymentStatus: 'PAID', paymentMethod: null, completedAt: null, investment: { amount: 25_000, tokenQuantity: 1, paymentCompleted: 'yes', completedAt: null } };
    const { api, log, onUnauthorized } = client(Response.json(malformed));
    const error = await api.get('/api/payment/status', { schema: PaymentStatusResponseSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect([(error as ApiError).message, (error as ApiError).status, (error as ApiError).body]).toEqual([messages.general.unexpectedAnswer, 200, null]);
    expect(log).toHaveBeenCalledOnce();
    expect(log.mock.calls[0]?.[0]).toBe('Unexpected answer from GET /api/payment/status');
    expect((log.mock.calls[0]?.[1] as { issues: string[] }).issues).toEqual([
      expect.stringMatching(/^paymentStatus: /),
      expect.stringMatching(/^investment\.paymentCompleted: /),
    ]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('refuses a 2xx answer that is not JSON, or is empty, the same way', async () => {
    for (const answer of [new Response('<html>maintenance</html>', { status: 200 }), new Response(null, { status: 204 })]) {
      const { api, log } = client(answer);
      await expect(api.get('/api/kyc/status', { schema: CodeChallengeSchema })).rejects.toMatchObject({ message: messages.general.unexpectedAnswer, status: answer.status });
      expect(log).toHaveBeenCalledOnce();
    }
  });

  it('leaves an answer unchecked when the call gives no schema', async () => {
    const { api, log } = client(Response.json({ anything: true }));
    expect(await api.get('/api/settings/investment-limits', { auth: false })).toEqual({ anything: true });
    expect(log).not.toHaveBeenCalled();
  });
});
