/**
 * Sets a legal document (NDA, offering disclosures, the seven agreements) as an A4 PDF with pdf-lib: centred title,
 * preamble, numbered clauses, optional closing words and signature blocks, and a running header and "Page x of y"
 * footer on every page. A signature block's line may carry a form field (the investor's signature and its date), so
 * the portal can later put the drawn signature and the time of signing exactly there (pdf/stamp-signed-agreement.ts).
 * Metadata dates are fixed so the same document always gives the same bytes.
 */
import { PDFDocument, PDFString, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { messages } from '../../shared/messages.ts';

export type LegalClause = { heading: string; paragraphs: string[] };

/**
 * A line of a signature block that holds a form field: the label, then a ruled space with the field on it, then an
 * optional note. 'signature' makes a signature field (/FT /Sig) tall enough for a drawn signature; 'date' a one-line
 * read-only text field. The name must be unique in the document.
 */
export type SignatureFieldLine = { label: string; field: string; kind: 'signature' | 'date'; note?: string };

/** A plain line of text, or a line with a field. */
export type SignatureLine = string | SignatureFieldLine;

/** One party's block under the closing words: the name in bold, then its lines (signature, date...). */
export type SignatureBlock = { party: string; lines: SignatureLine[] };

export type LegalDocument = {
  title: string;
  /** PDF metadata subject. */
  subject: string;
  /** A muted line under the title, e.g. who the document is for. */
  subtitle?: string;
  preamble: string[];
  clauses: LegalClause[];
  /** Paragraphs after the last clause, kept on one page with the signature blocks. */
  closing?: string[];
  signatures?: SignatureBlock[];
};

export const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = { left: 64, right: 64, top: 80, bottom: 72 };
export const BODY_SIZE = 10.5;
const TITLE_SIZE = 16;
export const LEADING = 14.5;
/** Paragraphs that start with a list marker such as "(a)" or "(iv)" are indented by this much. */
const LIST_INDENT = 18;
export const TEXT_COLOR = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.42, 0.42, 0.46);
const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

/** A signature block line of text: its leading (the block is set a little looser than body text). */
const BLOCK_LEADING = LEADING + 4;
/**
 * The signature field: 200 x 48 pt, the signature canvas's 500 x 120 proportions, so the drawn signature fills it.
 * Its bottom edge is the signature line.
 */
export const SIGNATURE_FIELD = { width: 200, height: 48 } as const;
/** The date field: one line of body text on a rule. */
export const DATE_FIELD = { width: 170, height: 14 } as const;
/** Space between a label and its ruled field. */
const FIELD_GAP = 6;

export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Wrapped lines with any line still wider than `width` (a single word longer than the line: a user agent, a long
 * address, a name typed without spaces) broken by characters, so nothing runs past the margin. A SHA-256 in hex (at
 * most about 340 pt in body text) always fits a line whole: wrapping moves it to the next line rather than cut it.
 */
function breakLongLines(lines: string[], font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  for (const line of lines) {
    let rest = line;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      out.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    if (rest) out.push(rest);
  }
  return out;
}

/** Wraps at spaces, and breaks a word longer than the line by characters; at least one (empty) line. */
export function wrapAnywhere(text: string, font: PDFFont, size: number, width: number): string[] {
  const out = breakLongLines(wrapText(text, font, size, width), font, size, width);
  return out.length ? out : [''];
}

/**
 * Flows text down the pages. With `maxPages` it never starts a page past that number: it sets `full` and drops
 * whatever does not fit, which is how a document of an exact page count is filled.
 */
export class LegalTypesetter {
  page!: PDFPage;
  y = 0;
  full = false;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly maxPages = Infinity,
  ) {
    this.newPage();
  }

  get width() {
    return PAGE.width - MARGIN.left - MARGIN.right;
  }

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN.top;
  }

  /** Starts a new page unless `height` more points fit above the bottom margin; false once the page budget is spent. */
  ensure(height: number): boolean {
    if (this.full) return false;
    if (this.y - height >= MARGIN.bottom) return true;
    if (this.pages.length >= this.maxPages) {
      this.full = true;
      return false;
    }
    this.newPage();
    return true;
  }

  lines(lines: string[], font: PDFFont, size: number, leading = LEADING, indent = 0) {
    for (const text of lines) {
      if (!this.ensure(leading)) return;
      this.page.drawText(text, { x: MARGIN.left + indent, y: this.y - size, size, font, color: TEXT_COLOR });
      this.y -= leading;
    }
  }

  paragraph(text: string, font = this.regular, size = BODY_SIZE) {
    const indent = /^\([a-z]{1,4}\)\s/.test(text) ? LIST_INDENT : 0;
    let lines = breakLongLines(wrapText(text, font, size, this.width - indent), font, size, this.width - indent);
    // A paragraph split over a page break leaves at least two lines on each side (no orphans or widows).
    const room = Math.floor((this.y - MARGIN.bottom) / LEADING);
    if (lines.length > room && lines.length >= 2) {
      const head = Math.min(room, lines.length - 2);
      if (head >= 2) this.lines(lines.slice(0, head), font, size, LEADING, indent);
      lines = head >= 2 ? lines.slice(head) : lines;
      this.ensure(Infinity);
    }
    this.lines(lines, font, size, LEADING, indent);
    this.y -= LEADING * 0.5;
  }

  heading(text: string) {
    // Keep a heading with at least two lines of its clause.
    if (!this.ensure(LEADING * 4)) return;
    this.y -= LEADING * 0.4;
    this.lines([text], this.bold, 11.5, LEADING + 2);
  }

  /** The document title, upper case and centred, and an optional muted subtitle. */
  title(text: string, subtitle?: string) {
    for (const line of wrapText(text.toUpperCase(), this.bold, TITLE_SIZE, this.width)) {
      const width = this.bold.widthOfTextAtSize(line, TITLE_SIZE);
      this.page.drawText(line, { x: (PAGE.width - width) / 2, y: this.y - TITLE_SIZE, size: TITLE_SIZE, font: this.bold, color: TEXT_COLOR });
      this.y -= TITLE_SIZE + 6;
    }
    if (subtitle) {
      for (const line of breakLongLines(wrapText(subtitle, this.regular, BODY_SIZE, this.width), this.regular, BODY_SIZE, this.width)) {
        const width = this.regular.widthOfTextAtSize(line, BODY_SIZE);
        this.page.drawText(line, { x: (PAGE.width - width) / 2, y: this.y - BODY_SIZE, size: BODY_SIZE, font: this.regular, color: MUTED });
        this.y -= LEADING;
      }
    }
    this.y -= 18;
  }
}

/** The height a signature block line takes. */
function signatureLineHeight(line: SignatureLine): number {
  return typeof line !== 'string' && line.kind === 'signature' ? SIGNATURE_FIELD.height + BLOCK_LEADING - BODY_SIZE : BLOCK_LEADING;
}

/**
 * Sets a line with a field: label on the baseline, a rule under the field's space, the field's widget on the rule,
 * then the note. The widget has no border or background: the page shows the rule, the field is for the stamp.
 */
function fieldLine(doc: PDFDocument, t: LegalTypesetter, line: SignatureFieldLine) {
  const size = BODY_SIZE;
  const height = signatureLineHeight(line);
  if (!t.ensure(height)) return;
  const baseline = line.kind === 'signature' ? t.y - SIGNATURE_FIELD.height : t.y - size;
  const x = MARGIN.left + t.regular.widthOfTextAtSize(line.label, size) + FIELD_GAP;
  const box = line.kind === 'signature' ? SIGNATURE_FIELD : DATE_FIELD;
  // The rule sits just under the baseline, as the underscores of a typed signature line would.
  const ruleY = baseline - 2;
  t.page.drawText(line.label, { x: MARGIN.left, y: baseline, size, font: t.regular, color: TEXT_COLOR });
  t.page.drawLine({ start: { x, y: ruleY }, end: { x: x + box.width, y: ruleY }, thickness: 0.6, color: TEXT_COLOR });
  if (line.note) t.page.drawText(line.note, { x: x + box.width + FIELD_GAP, y: baseline, size, font: t.regular, color: TEXT_COLOR });

  const rect = { x, y: ruleY, width: box.width, height: box.height };
  const form = doc.getForm();
  if (line.kind === 'date') {
    const field = form.createTextField(line.field);
    field.enableReadOnly();
    field.addToPage(t.page, { ...rect, font: t.regular, borderWidth: 0, backgroundColor: undefined, borderColor: undefined, textColor: TEXT_COLOR });
  } else {
    // pdf-lib makes every field type but signatures: a merged field and widget, as PDF 32000-1 12.7.3.1 allows.
    const widget = doc.context.obj({
      FT: 'Sig',
      T: PDFString.of(line.field),
      Type: 'Annot',
      Subtype: 'Widget',
      Rect: [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height],
      F: 4,
      P: t.page.ref,
    });
    const ref = doc.context.register(widget);
    t.page.node.addAnnot(ref);
    form.acroForm.addField(ref);
  }
  t.y -= height;
}

/** A document with metadata set and Times embedded, ready to typeset. */
export async function startLegalPdf(meta: { title: string; subject: string }, maxPages?: number) {
  const doc = await PDFDocument.create();
  doc.setTitle(`${meta.title} - ${messages.productName}`);
  doc.setAuthor(messages.productName);
  doc.setSubject(meta.subject);
  doc.setCreator(messages.productName);
  doc.setProducer('pdf-lib');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const regular = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  return { doc, t: new LegalTypesetter(doc, regular, bold, maxPages) };
}

/** The running header (a muted line and a rule) and the centred footer of one page. */
export function drawHeaderAndFooter(page: PDFPage, font: PDFFont, header: string, footer: string) {
  page.drawText(header, { x: MARGIN.left, y: PAGE.height - 44, size: 8.5, font, color: MUTED });
  page.drawLine({
    start: { x: MARGIN.left, y: PAGE.height - 50 },
    end: { x: PAGE.width - MARGIN.right, y: PAGE.height - 50 },
    thickness: 0.5,
    color: MUTED,
  });
  const width = font.widthOfTextAtSize(footer, 8.5);
  page.drawText(footer, { x: (PAGE.width - width) / 2, y: 40, size: 8.5, font, color: MUTED });
}

/** Adds the running header and the page footer (which needs the final page count), then serialises. */
export function finishLegalPdf(doc: PDFDocument, t: LegalTypesetter, title: string): Promise<Uint8Array> {
  const header = `${messages.productName} - ${title}`;
  t.pages.forEach((page, index) => drawHeaderAndFooter(page, t.regular, header, `Confidential - Page ${index + 1} of ${t.pages.length}`));
  // Field appearances are set when the fields are made (Times, no border); updating them here would embed Helvetica.
  return doc.save({ updateFieldAppearances: false });
}

export async function createLegalPdf(legal: LegalDocument): Promise<Uint8Array> {
  const { doc, t } = await startLegalPdf(legal);
  t.title(legal.title, legal.subtitle);
  for (const text of legal.preamble) t.paragraph(text);
  for (const clause of legal.clauses) {
    t.heading(clause.heading);
    for (const text of clause.paragraphs) t.paragraph(text);
  }

  const closing = legal.closing ?? [];
  const signatures = legal.signatures ?? [];
  if (closing.length || signatures.length) {
    // Closing words and signature blocks are not split from each other across a page break.
    const signatureHeight = signatures.reduce(
      (sum, block) => sum + LEADING * 2 + block.lines.reduce((h, line) => h + signatureLineHeight(line) - BLOCK_LEADING + LEADING, 0),
      0,
    );
    const closingHeight = closing.reduce((sum, text) => sum + (wrapText(text, t.regular, BODY_SIZE, t.width).length + 0.5) * LEADING, 0);
    t.ensure(LEADING * 3 + closingHeight + signatureHeight);
    t.y -= LEADING;
    for (const text of closing) t.paragraph(text);
    signatures.forEach((block, i) => {
      t.y -= LEADING * (i === 0 ? 0.5 : 1);
      t.lines([block.party], t.bold, BODY_SIZE, BLOCK_LEADING);
      for (const line of block.lines) {
        if (typeof line === 'string') t.lines([line], t.regular, BODY_SIZE, BLOCK_LEADING);
        else fieldLine(doc, t, line);
      }
    });
  }
  return finishLegalPdf(doc, t, legal.title);
}
