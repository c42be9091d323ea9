/**
 * The signed document before its seal: the agreement as presented to the investor, with the drawn signature put into
 * its signature field and the time of signature (UTC) into its date field, those two fields then flattened (drawn into
 * the page and removed, so nobody can fill them again), and the signature page appended. An issuer's PDF without
 * fields of those names keeps its pages as they are and gets the signature page only. Other fields are left alone.
 *
 * Deterministic: the same agreement, record and signature give the same bytes (the modification date is the time
 * of signature, and pdf-lib writes no random IDs), so a job that runs twice produces the same document to seal.
 */
import { createHash } from 'node:crypto';
import { PDFDocument, PDFRef, StandardFonts, type PDFField, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { BODY_SIZE, TEXT_COLOR } from './legal-pdf.ts';
import { appendSignaturePage } from './signature-page.ts';
import { shortUtc, type SealCertificateInfo, type SignatureRecord } from './signature-record.ts';

export type StampInput = {
  /** The agreement file exactly as the investor was shown it. */
  presentedPdf: Uint8Array;
  /** The names of the agreement's signature and date fields (its configuration's `signature`). */
  fields: { field: string; dateField: string };
  record: SignatureRecord;
  /** The drawn signature, already checked (domain/legal/check-signature-png.ts). */
  signaturePng: Uint8Array;
  /** The seal's certificate, named on the signature page. */
  seal?: SealCertificateInfo;
};

export type StampedAgreement = {
  pdf: Uint8Array;
  /** SHA-256 (hex) of `presentedPdf`, as printed on the signature page. */
  presentedSha256: string;
  presentedPages: number;
  /** Which of the two fields were found and stamped. */
  stamped: { signature: boolean; date: boolean };
};

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

type Rect = { x: number; y: number; width: number; height: number };

/** The page each widget of a field is on, found from the pages' /Annots (a widget's /P is optional). */
function widgetPlacements(doc: PDFDocument, field: PDFField): { page: PDFPage; rect: Rect; ref: PDFRef }[] {
  const widgets = field.acroField.getWidgets();
  const refs = field.acroField.normalizedEntries().Kids;
  const out: { page: PDFPage; rect: Rect; ref: PDFRef }[] = [];
  widgets.forEach((widget, index) => {
    // A field with one widget merged into its own dictionary has no Kids: the field's ref is the widget's.
    const kid = refs.size() > 0 ? refs.get(index) : field.ref;
    const ref = kid instanceof PDFRef ? kid : field.ref;
    const page = doc.getPages().find((p) => (p.node.Annots()?.asArray() ?? []).some((a) => a instanceof PDFRef && a === ref));
    if (page) out.push({ page, rect: widget.getRectangle(), ref });
  });
  return out;
}

/** Removes a field and its widgets from the form and the pages (pdf-lib's removeField needs an appearance). */
function removeField(doc: PDFDocument, field: PDFField, placements: { page: PDFPage; ref: PDFRef }[]) {
  for (const { page, ref } of placements) page.node.removeAnnot(ref);
  doc.getForm().acroForm.removeField(field.acroField);
  for (const { ref } of placements) doc.context.delete(ref);
  doc.context.delete(field.ref);
}

/** The signature fitted into the rectangle, keeping its proportions, centred and sitting on the bottom edge. */
function drawSignatureInto(page: PDFPage, image: PDFImage, rect: Rect) {
  const scale = Math.min(rect.width / image.width, rect.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: rect.x + (rect.width - width) / 2, y: rect.y, width, height });
}

/** The time on one line inside the rectangle, shrunk if the field is small. */
function drawDateInto(page: PDFPage, font: PDFFont, text: string, rect: Rect) {
  let size = Math.min(BODY_SIZE, rect.height * 0.8);
  const room = rect.width - 4;
  if (font.widthOfTextAtSize(text, size) > room) size = Math.max(4, (size * room) / font.widthOfTextAtSize(text, size));
  const baseline = rect.y + Math.max(2, (rect.height - size * 0.7) / 2);
  page.drawText(text, { x: rect.x + 2, y: baseline, size, font, color: TEXT_COLOR });
}

export async function stampSignedAgreement(input: StampInput): Promise<StampedAgreement> {
  const presentedSha256 = sha256Hex(input.presentedPdf);
  // updateMetadata: false keeps pdf-lib from writing "now" into the metadata (the bytes would differ run to run).
  const doc = await PDFDocument.load(input.presentedPdf, { updateMetadata: false });
  const presentedPages = doc.getPageCount();
  const regular = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const image = await doc.embedPng(input.signaturePng);

  // getForm() would add an empty AcroForm to a PDF that has none: look first.
  const form = doc.catalog.getAcroForm() ? doc.getForm() : null;
  const stamped = { signature: false, date: false };
  const signatureField = form?.getFieldMaybe(input.fields.field);
  if (signatureField) {
    const placements = widgetPlacements(doc, signatureField);
    for (const { page, rect } of placements) drawSignatureInto(page, image, rect);
    removeField(doc, signatureField, placements);
    stamped.signature = placements.length > 0;
  }
  const dateField = form?.getFieldMaybe(input.fields.dateField);
  if (dateField) {
    const placements = widgetPlacements(doc, dateField);
    for (const { page, rect } of placements) drawDateInto(page, regular, shortUtc(input.record.signedAt), rect);
    removeField(doc, dateField, placements);
    stamped.date = placements.length > 0;
  }

  appendSignaturePage(doc, { regular, bold }, {
    record: input.record,
    image,
    presentedSha256,
    presentedPages,
    stampedOnSignatureLines: stamped.signature,
    ...(input.seal ? { seal: input.seal } : {}),
  });
  doc.setModificationDate(input.record.signedAt);
  const pdf = await doc.save({ updateFieldAppearances: false });
  return { pdf, presentedSha256, presentedPages, stamped };
}
