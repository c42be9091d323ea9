/**
 * Sets the NDA as an A4 PDF with pdf-lib: title, preamble, numbered clauses, signature block, and a running
 * header and "Page x of y" footer on every page. Metadata dates are fixed so the bytes are reproducible.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { messages } from '../../shared/messages.ts';
import { NDA_CLAUSES, NDA_PREAMBLE, NDA_SIGNATURE_BLOCK, NDA_TITLE } from './nda-text.ts';

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { left: 64, right: 64, top: 80, bottom: 72 };
const BODY_SIZE = 10.5;
const LEADING = 14.5;
const TEXT_COLOR = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.42, 0.46);
const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

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

class Typesetter {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
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

  /** Starts a new page unless `height` more points fit above the bottom margin. */
  ensure(height: number) {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  lines(lines: string[], font: PDFFont, size: number, leading = LEADING) {
    for (const text of lines) {
      this.ensure(leading);
      this.page.drawText(text, { x: MARGIN.left, y: this.y - size, size, font, color: TEXT_COLOR });
      this.y -= leading;
    }
  }

  paragraph(text: string, font = this.regular, size = BODY_SIZE) {
    this.lines(wrapText(text, font, size, this.width), font, size);
    this.y -= LEADING * 0.5;
  }

  heading(text: string) {
    // Keep a heading with at least two lines of its clause.
    this.ensure(LEADING * 4);
    this.y -= LEADING * 0.4;
    this.lines([text], this.bold, 11.5, LEADING + 2);
  }
}

function decorate(pages: PDFPage[], regular: PDFFont) {
  pages.forEach((page, index) => {
    const header = `${messages.productName} - ${NDA_TITLE}`;
    page.drawText(header, { x: MARGIN.left, y: PAGE.height - 44, size: 8.5, font: regular, color: MUTED });
    page.drawLine({
      start: { x: MARGIN.left, y: PAGE.height - 50 },
      end: { x: PAGE.width - MARGIN.right, y: PAGE.height - 50 },
      thickness: 0.5,
      color: MUTED,
    });
    const footer = `Confidential - Page ${index + 1} of ${pages.length}`;
    const width = regular.widthOfTextAtSize(footer, 8.5);
    page.drawText(footer, { x: (PAGE.width - width) / 2, y: 40, size: 8.5, font: regular, color: MUTED });
  });
}

let generated: Promise<Uint8Array> | null = null;

/** The NDA bytes; generated once per process (the output is deterministic). */
export function createNdaPdf(): Promise<Uint8Array> {
  generated ??= generateNdaPdf().catch((error: unknown) => {
    generated = null;
    throw error;
  });
  return generated;
}

async function generateNdaPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${NDA_TITLE} - ${messages.productName}`);
  doc.setAuthor(messages.productName);
  doc.setSubject('Confidentiality undertakings for prospective investors in the G2G token private placement');
  doc.setCreator(messages.productName);
  doc.setProducer('pdf-lib');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);

  const regular = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const t = new Typesetter(doc, regular, bold);

  const titleWidth = bold.widthOfTextAtSize(NDA_TITLE.toUpperCase(), 16);
  t.page.drawText(NDA_TITLE.toUpperCase(), { x: (PAGE.width - titleWidth) / 2, y: t.y - 16, size: 16, font: bold, color: TEXT_COLOR });
  t.y -= 40;
  for (const text of NDA_PREAMBLE) t.paragraph(text);
  for (const clause of NDA_CLAUSES) {
    t.heading(clause.heading);
    for (const text of clause.paragraphs) t.paragraph(text);
  }

  t.ensure(LEADING * 12);
  t.y -= LEADING;
  t.lines(['IN WITNESS WHEREOF the Parties have entered into this Agreement as of the date of electronic acceptance.'], regular, BODY_SIZE);
  t.y -= LEADING;
  for (const [i, text] of NDA_SIGNATURE_BLOCK.entries()) {
    const isName = i === 0 || i === 2;
    if (isName && i > 0) t.y -= LEADING;
    t.lines([text], isName ? bold : regular, BODY_SIZE, LEADING + 4);
  }

  decorate(t.pages, regular);
  return doc.save();
}
