/** Mail settings from the environment, the .eml format, and an unusable SMTP server stopping the start. */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/server/config/env.ts';
import { OUTBOX_FROM, loadMailSettings } from '../../src/server/config/mail-env.ts';
import { createMailer } from '../../src/server/providers/mail/create-mailer.ts';
import { formatEml } from '../../src/server/providers/mail/rfc822.ts';
import { createMemoryLog } from '../../src/server/log.ts';

const configError = (env: Record<string, string>): ConfigError => {
  try {
    loadMailSettings(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('mail settings', () => {
  it('defaults to the outbox', () => {
    expect(loadMailSettings({})).toEqual({ kind: 'outbox', from: OUTBOX_FROM });
    expect(loadMailSettings({ SMTP_FROM: 'Portal <codes@example.com>' })).toEqual({ kind: 'outbox', from: 'Portal <codes@example.com>' });
  });

  it('with NODE_ENV=production the outbox stops the start naming SMTP_URL (no opt-in: codes on disk, none delivered)', () => {
    const unsent: Record<string, string>[] = [{ NODE_ENV: 'production' }, { NODE_ENV: 'production', SMTP_FROM: 'Portal <codes@example.com>' }];
    for (const env of unsent) {
      const error = configError(env);
      expect(error.variable).toBe('SMTP_URL');
      expect(error.message).toMatch(/required when NODE_ENV=production/);
    }
    expect(loadMailSettings({ NODE_ENV: 'production', SMTP_URL: 'smtps://u:p@mail.example.com', SMTP_FROM: 'a@example.com' })).toMatchObject({ kind: 'smtp' });
    expect(loadMailSettings({ NODE_ENV: 'production', SMTP_HOST: 'mail.example.com', SMTP_FROM: 'a@example.com' })).toMatchObject({ kind: 'smtp' });
    // Outside production the outbox stays the default.
    expect(loadMailSettings({ NODE_ENV: 'development' })).toMatchObject({ kind: 'outbox' });
  });

  it('reads SMTP_URL or the SMTP_HOST parts', () => {
    expect(loadMailSettings({ SMTP_URL: 'smtps://u:p@mail.example.com', SMTP_FROM: 'a@example.com' })).toMatchObject({
      kind: 'smtp',
      smtp: { host: 'mail.example.com', port: 465, secure: true, display: 'mail.example.com:465' },
    });
    expect(loadMailSettings({ SMTP_HOST: 'mail.example.com', SMTP_USER: 'u', SMTP_PASS: 'secret', SMTP_FROM: 'a@example.com' })).toMatchObject({
      kind: 'smtp',
      smtp: { url: null, host: 'mail.example.com', port: 587, secure: false, user: 'u', pass: 'secret' },
    });
  });

  it('stops on a bad combination, naming the variable and never the password', () => {
    expect(configError({ SMTP_HOST: 'mail.example.com' }).variable).toBe('SMTP_FROM');
    expect(configError({ SMTP_PASS: 'secret' }).variable).toBe('SMTP_PASS');
    expect(configError({ SMTP_URL: 'http://mail.example.com', SMTP_FROM: 'a@example.com' }).variable).toBe('SMTP_URL');
    expect(configError({ SMTP_HOST: 'h', SMTP_PORT: '99999', SMTP_FROM: 'a@example.com' }).variable).toBe('SMTP_PORT');
    expect(configError({ SMTP_HOST: 'h', SMTP_USER: 'u', SMTP_FROM: 'a@example.com' }).variable).toBe('SMTP_PASS');
    expect(configError({ SMTP_FROM: 'not an address' }).variable).toBe('SMTP_FROM');
    const bad = configError({ SMTP_URL: 'ftp://u:topsecret@h', SMTP_FROM: 'a@example.com' });
    expect(bad.message).not.toContain('topsecret');
  });

  it('refuses to start with an SMTP server it cannot reach', async () => {
    const settings = loadMailSettings({ SMTP_HOST: '127.0.0.1', SMTP_PORT: '1', SMTP_FROM: 'a@example.com' });
    const attempt = createMailer(settings, { dataDir: '/nonexistent', clock: { now: () => new Date() }, log: createMemoryLog() });
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toThrow(/SMTP_HOST: the SMTP server 127\.0\.0\.1:1 cannot be used/);
  });
});

describe('.eml format', () => {
  const envelope = { from: OUTBOX_FROM, date: new Date('2026-01-02T10:00:00Z'), messageId: 'id@g2g' };

  it('writes RFC 822 headers, a blank line and the body, with CRLF', () => {
    const eml = formatEml({ to: 'ada@example.com', subject: 'Your code', text: 'Line one\nLine two' }, envelope);
    expect(eml).toBe(
      [
        `From: ${OUTBOX_FROM}`,
        'To: ada@example.com',
        'Subject: Your code',
        'Date: Fri, 02 Jan 2026 10:00:00 +0000',
        'Message-ID: <id@g2g>',
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        'Line one',
        'Line two',
        '',
      ].join('\r\n'),
    );
  });

  it('refuses a header value with a line break (header injection)', () => {
    expect(() => formatEml({ to: 'ada@example.com\r\nBcc: eve@example.com', subject: 's', text: 't' }, envelope)).toThrow(/line break/);
    expect(() => formatEml({ to: 'ada@example.com', subject: 's\nBcc: x', text: 't' }, envelope)).toThrow(/line break/);
  });
});
