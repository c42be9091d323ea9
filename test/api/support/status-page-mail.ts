/**
 * Issue 28: every email sent to an investor when their case changes ends with the link to their status page, on the
 * app's PUBLIC_URL (the harness's TEST_PUBLIC_URL). Written out here, not built with the server's own function.
 */
import { expect } from 'vitest';
import type { MailMessage } from '../../../src/server/providers/mail/mailer.ts';
import { TEST_PUBLIC_URL } from '../harness.ts';

export const STATUS_PAGE_LINE = `See where your investment stands: ${TEST_PUBLIC_URL}/process/complete`;

/** The mail's last line is the status page's, and it is there once. */
export function expectStatusPageLink(mail: MailMessage | undefined): void {
  expect(mail, 'no such mail was sent').toBeDefined();
  const text = mail?.text ?? '';
  expect(text.trimEnd().split('\n').at(-1)).toBe(STATUS_PAGE_LINE);
  expect(text.split(STATUS_PAGE_LINE)).toHaveLength(2);
}
