/**
 * The signature page appended to every signed agreement: what was signed (title, key, the SHA-256 of the file as
 * presented), by whom (the investor as registered), what they confirmed, their drawn signature, when (UTC) and from
 * where, and what the foundation's seal means. Set on the typesetter's A4 with its Times, header and footer. Every
 * investor-supplied text goes through toWinAnsi (the standard fonts set WinAnsi only); a name that had to be
 * transliterated is also recorded by its Unicode code points, so the page still says exactly what was registered.
 */
import type { PDFDocument, PDFFont, PDFImage } from 'pdf-lib';
import { messages } from '../../shared/messages.ts';
import { BODY_SIZE, LEADING, LegalTypesetter, MARGIN, MUTED, PAGE, TEXT_COLOR, drawHeaderAndFooter, wrapAnywhere } from './legal-pdf.ts';
import { readableUtc, type SealCertificateInfo, type SignatureRecord } from './signature-record.ts';
import { codePoints, toWinAnsi } from './win-ansi.ts';

const LABEL_WIDTH = 150;
const LABEL_SIZE = 9.5;
const CONFIRMATION_SIZE = 9.5;
const CONFIRMATION_LEADING = 12.5;
/** The drawn signature on this page: the size of the signature field on the agreement's signature line. */
const SIGNATURE_IMAGE = { width: 200, height: 48 } as const;

class SignaturePageWriter {
  constructor(private readonly t: LegalTypesetter) {}

  /** A label in the left column and its value, wrapped, in the right one; kept together on a page. */
  row(label: string, value: string, options: { muted?: boolean; size?: number } = {}) {
    const { t } = this;
    const size = options.size ?? BODY_SIZE;
    const valueLines = wrapAnywhere(toWinAnsi(value).text, t.regular, size, t.width - LABEL_WIDTH);
    const labelLines = wrapAnywhere(label, t.regular, LABEL_SIZE, LABEL_WIDTH - 10);
    const lines = Math.max(valueLines.length, labelLines.length);
    t.ensure(lines * LEADING);
    labelLines.forEach((text, i) =>
      t.page.drawText(text, { x: MARGIN.left, y: t.y - BODY_SIZE - i * LEADING, size: LABEL_SIZE, font: t.regular, color: MUTED }),
    );
    valueLines.forEach((text, i) =>
      t.page.drawText(text, {
        x: MARGIN.left + LABEL_WIDTH,
        y: t.y - BODY_SIZE - i * LEADING,
        size,
        font: t.regular,
        color: options.muted ? MUTED : TEXT_COLOR,
      }),
    );
    t.y -= lines * LEADING + 1;
  }

  /** A row for a name typed by the investor: transliterated if it must be, then its exact code points. */
  nameRow(label: string, value: string) {
    this.row(label, value);
    if (!toWinAnsi(value).exact) this.row('As registered (Unicode)', codePoints(value), { muted: true, size: 8.5 });
  }

  /** A confirmed checkbox: a ticked box and the words the investor saw (a size smaller, to keep to one page). */
  confirmation(text: string) {
    const { t } = this;
    const indent = 20;
    const size = CONFIRMATION_SIZE;
    const leading = CONFIRMATION_LEADING;
    const lines = wrapAnywhere(toWinAnsi(text).text, t.regular, size, t.width - indent);
    t.ensure(lines.length * leading + 3);
    const top = t.y - 1;
    const box = 8;
    const x = MARGIN.left + 2;
    t.page.drawRectangle({ x, y: top - box, width: box, height: box, borderColor: TEXT_COLOR, borderWidth: 0.7 });
    // A tick drawn as two strokes: WinAnsi has no check mark.
    t.page.drawLine({ start: { x: x + 1.7, y: top - 4.3 }, end: { x: x + 3.6, y: top - 6.6 }, thickness: 1.1, color: TEXT_COLOR });
    t.page.drawLine({ start: { x: x + 3.6, y: top - 6.6 }, end: { x: x + 6.9, y: top - 1.7 }, thickness: 1.1, color: TEXT_COLOR });
    lines.forEach((line, i) =>
      t.page.drawText(line, { x: MARGIN.left + indent, y: t.y - size - i * leading, size, font: t.regular, color: TEXT_COLOR }),
    );
    t.y -= lines.length * leading + 3;
  }

  /** The drawn signature in a light frame. */
  signatureImage(image: PDFImage) {
    const { t } = this;
    const pad = 6;
    t.ensure(SIGNATURE_IMAGE.height + pad * 2 + LEADING);
    const x = MARGIN.left + LABEL_WIDTH;
    const y = t.y - SIGNATURE_IMAGE.height - pad * 2;
    t.page.drawText('Signature', { x: MARGIN.left, y: t.y - BODY_SIZE, size: LABEL_SIZE, font: t.regular, color: MUTED });
    t.page.drawRectangle({
      x,
      y,
      width: SIGNATURE_IMAGE.width + pad * 2,
      height: SIGNATURE_IMAGE.height + pad * 2,
      borderColor: MUTED,
      borderWidth: 0.5,
    });
    t.page.drawImage(image, { x: x + pad, y: y + pad, ...SIGNATURE_IMAGE });
    t.y = y - LEADING * 0.6;
  }
}

export type SignaturePageInput = {
  record: SignatureRecord;
  image: PDFImage;
  /** SHA-256 (hex) of the agreement file as presented to the investor. */
  presentedSha256: string;
  presentedPages: number;
  /** Whether the signature and its time were also put on the agreement's own signature lines. */
  stampedOnSignatureLines: boolean;
  seal?: SealCertificateInfo;
};

/** Appends the signature page(s) to `doc` with the given fonts (Times, as the typesetter's). */
export function appendSignaturePage(doc: PDFDocument, fonts: { regular: PDFFont; bold: PDFFont }, input: SignaturePageInput) {
  const { record, seal } = input;
  const t = new LegalTypesetter(doc, fonts.regular, fonts.bold);
  const w = new SignaturePageWriter(t);
  const title = toWinAnsi(record.agreement.title).text;

  t.title('Signature page', `Record of the investor's electronic signature of the ${title}`);
  t.heading('The agreement');
  w.row('Agreement', `${title}: pages 1 to ${input.presentedPages} of this document`);
  w.row('Agreement key', record.agreement.key);
  w.row('SHA-256 as presented', input.presentedSha256, { size: 9.5 });

  t.heading('The investor');
  w.nameRow(record.investor.type === 'entity' ? 'Entity' : 'Name', record.investor.name);
  w.row('Investor type', record.investor.type === 'entity' ? 'Entity (legal person)' : 'Individual');
  if (record.investor.type === 'entity' && record.investor.authorisedSignatory) {
    w.nameRow('Authorised signatory', record.investor.authorisedSignatory);
  }
  w.row('Email', record.investor.email);
  w.row('Wallet address (Ethereum)', record.investor.walletAddress);

  t.heading('Confirmations given');
  if (record.confirmations.length === 0) w.row('Confirmations', 'None were required for this agreement.');
  for (const box of record.confirmations) w.confirmation(box.text);

  t.heading('Signature');
  w.signatureImage(input.image);
  w.row('Signed at (UTC)', `${record.signedAt.toISOString()} - ${readableUtc(record.signedAt)}`);
  w.row('IP address', record.ipAddress ?? 'not recorded');
  w.row('User agent', record.userAgent ?? 'not recorded');

  t.heading('The seal');
  if (seal) {
    // The subject as RFC 4514 writes it, less its escapes ("seal\, self-signed" reads "seal, self-signed").
    w.row('Sealed by', seal.subject.replace(/\\(.)/g, '$1'));
    // 32 bytes as AB:CD:... do not fit one line: break after the 16th byte rather than mid-byte.
    const bytes = seal.fingerprintSha256.split(':');
    const fingerprint = bytes.length === 32 ? `${bytes.slice(0, 16).join(':')}: ${bytes.slice(16).join(':')}` : seal.fingerprintSha256;
    w.row('Seal certificate SHA-256', fingerprint, { size: 8.5 });
  }
  const where = input.stampedOnSignatureLines ? ' The signature and its time are also on the agreement\'s signature lines.' : '';
  t.paragraph(
    `The SHA-256 above is that of the agreement file exactly as the investor portal (the "Portal") presented it before ` +
      `signature; the Foundation keeps that file.${where} The Foundation has sealed this whole document, this page ` +
      `included, with its electronic seal (a PAdES signature): PDF readers report the seal as invalid if anything in ` +
      `the document changes after sealing. The seal is not the investor's signature, which is the signature above (drawn, or typed ` +
      `and rendered by the Portal) with ` +
      `the confirmations listed.`,
  );

  const header = `${messages.productName} - ${title} - Signature page`;
  const total = doc.getPageCount();
  t.pages.forEach((page) => {
    const number = doc.getPages().indexOf(page) + 1;
    drawHeaderAndFooter(page, t.regular, header, `Signature page - Page ${number} of ${total}`);
  });
  return { pages: t.pages.length, pageSize: PAGE };
}
