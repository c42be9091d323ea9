/** The four status calls of step progress, in parallel; one failing call leaves its answer empty. */
import type { StatusAnswers } from '../../shared/rules.ts';
import type { DisclosureProgressResponse, KycStatusResponse, LegalProgressResponse, PaymentStatusResponse } from '../../shared/schemas.ts';
import type { ApiClient } from './api-client.ts';

export async function loadStepProgress(api: ApiClient): Promise<StatusAnswers> {
  const [disclosure, kyc, agreements, payment] = await Promise.allSettled([
    api.get<DisclosureProgressResponse>('/api/disclosure/progress'),
    api.get<KycStatusResponse>('/api/kyc/status'),
    api.get<LegalProgressResponse>('/api/legal/progress'),
    api.get<PaymentStatusResponse>('/api/payment/status'),
  ]);
  const value = <T,>(r: PromiseSettledResult<T>): T | null => (r.status === 'fulfilled' ? r.value : null);
  return { disclosure: value(disclosure), kyc: value(kyc), agreements: value(agreements), payment: value(payment) };
}
