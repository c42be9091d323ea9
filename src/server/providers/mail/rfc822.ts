/** Formats one plain-text message as RFC 5322 (RFC 822) text with CRLF line ends, ready for an .eml file. */
import { assertHeaderSafe, type MailMessage } from './mailer.ts';

export type EmlEnvelope = { from: string; date: Date; messageId: string };

/** Non-ASCII header text as an RFC 2047 encoded word; ASCII stays readable. */
const headerText = (value: string): string => (/^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`);

export function formatEml(message: MailMessage, envelope: EmlEnvelope): string {
  assertHeaderSafe('Subject', message.subject);
  const headers: [string, string][] = [
    ['From', envelope.from],
    ['To', message.to],
    ['Subject', headerText(message.subject)],
    ['Date', envelope.date.toUTCString().replace(/GMT$/, '+0000')],
    ['Message-ID', `<${envelope.messageId}>`],
    ['MIME-Version', '1.0'],
    ['Content-Type', 'text/plain; charset=utf-8'],
    ['Content-Transfer-Encoding', '8bit'],
  ];
  for (const [name, value] of headers) assertHeaderSafe(name, value);
  const body = message.text.replace(/\r?\n/g, '\r\n');
  return `${headers.map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n${body}\r\n`;
}
