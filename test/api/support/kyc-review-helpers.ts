/**
 * Reads of the KYC review API shared by its tests: each answer must be 200 and pass its contract schema (what the
 * back-office checks every answer against), so every test that reads a case or the queue also checks the schema.
 */
import { expect } from 'vitest';
import * as v from 'valibot';
import { KycCaseSchema, KycQueueResponseSchema, type KycCase, type KycQueueResponse } from '../../../src/shared/admin/kyc-review.ts';
import type { ApiTest } from '../harness.ts';
import type { TestStaff } from './staff.ts';

export const getCase = async (t: ApiTest, staff: TestStaff, userId: string): Promise<KycCase> => {
  const res = await t.get(`/api/admin/kyc/cases/${userId}`, staff.token);
  expect(res.status).toBe(200);
  return v.parse(KycCaseSchema, await res.json());
};

export const queue = async (t: ApiTest, staff: TestStaff, query: string): Promise<KycQueueResponse> => {
  const res = await t.get(`/api/admin/kyc/cases?${query}`, staff.token);
  expect(res.status, await res.clone().text()).toBe(200);
  return v.parse(KycQueueResponseSchema, await res.json());
};
