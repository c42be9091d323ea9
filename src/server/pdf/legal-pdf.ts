/**
 * Sets a legal document (NDA, offering disclosures) as an A4 PDF with pdf-lib: centred title, preamble,
 * numbered clauses, optional closing words and signature blocks, and a running header and "Page x of y" footer
 * on every page. Metadata dates are fixed so the same document always gives the same bytes.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { messages } from '../../shared/messages.ts';

export type LegalClause = { heading: string; paragraphs: string[] };

/** One party's block under the closing words: the name in bold, then its lines (signature, date...). */
export type SignatureBlock = { party: string; lines: string[] };

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

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { left: 64, right: 64, top: 80, bottom: 72 };
const BODY_SIZE = 10.5;
const TITLE_SIZE = 16;
const LEADING = 14.5;
/** Paragraphs that start with a list marker such as "(a)" or "(iv)" are indented by this much. */
const LIST_INDENT = 18;
const TEXT_COLOR = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.42, 0.46);
const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
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
    let lines = wrapText(text, font, size, this.width - indent);
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
      for (const line of wrapText(subtitle, this.regular, BODY_SIZE, this.width)) {
        const width = this.regular.widthOfTextAtSize(line, BODY_SIZE);
        this.page.drawText(line, { x: (PAGE.width - width) / 2, y: this.y - BODY_SIZE, size: BODY_SIZE, font: this.regular, color: MUTED });
        this.y -= LEADING;
      }
    }
    this.y -= 18;
  }
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

/** Adds the running header and the page footer (which needs the final page count), then serialises. */
export function finishLegalPdf(doc: PDFDocument, t: LegalTypesetter, title: string): Promise<Uint8Array> {
  const header = `${messages.productName} - ${title}`;
  t.pages.forEach((page, index) => {
    page.drawText(header, { x: MARGIN.left, y: PAGE.height - 44, size: 8.5, font: t.regular, color: MUTED });
    page.drawLine({
      start: { x: MARGIN.left, y: PAGE.height - 50 },
      end: { x: PAGE.width - MARGIN.right, y: PAGE.height - 50 },
      thickness: 0.5,
      color: MUTED,
    });
    const footer = `Confidential - Page ${index + 1} of ${t.pages.length}`;
    const width = t.regular.widthOfTextAtSize(footer, 8.5);
    page.drawText(footer, { x: (PAGE.width - width) / 2, y: 40, size: 8.5, font: t.regular, color: MUTED });
  });
  return doc.save();
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
    const signatureLines = signatures.reduce((n, block) => n + 2 + block.lines.length, 0);
    t.ensure(LEADING * (3 + closing.length * 2 + signatureLines));
    t.y -= LEADING;
    for (const text of closing) t.paragraph(text);
    signatures.forEach((block, i) => {
      t.y -= LEADING * (i === 0 ? 0.5 : 1);
      t.lines([block.party], t.bold, BODY_SIZE, LEADING + 4);
      for (const line of block.lines) t.lines([line], t.regular, BODY_SIZE, LEADING + 4);
    });
  }
  return finishLegalPdf(doc, t, legal.title);
}
