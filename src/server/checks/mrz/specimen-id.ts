/**
 * Made-up specimen identity documents (TD1 card, TD3 passport page) drawn with @napi-rs/canvas, for the MRZ reader's
 * tests and its benchmark (mrz-bench.ts): a portrait box with a drawn face, some printed fields and the MRZ in a
 * monospace font at a realistic size, with ICAO 9303 check digits. Variants: rotated, JPEG, one broken check digit.
 * Nothing here is a real person or a real document; it lives in src/ only because the benchmark imports it too.
 */
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';

export type SpecimenFormat = 'TD1' | 'TD3';

export type SpecimenPerson = {
  surname: string;
  givenNames: string;
  documentNumber: string;
  /** ICAO 9303 code (alpha-3, or 'D' for Germany). */
  nationality: string;
  issuingState: string;
  dateOfBirth: string;
  sex: 'F' | 'M';
  expiryDate: string;
};

export type SpecimenOptions = {
  rotationDegrees?: number;
  mimeType?: 'image/png' | 'image/jpeg';
  jpegQuality?: number;
  /** Adds 1 (mod 10) to the birth date's check digit, as a forged or misprinted document would have. */
  breakBirthDateCheckDigit?: boolean;
};

/** Invented people; any likeness to a real one is chance. */
export const SPECIMEN_PEOPLE: readonly SpecimenPerson[] = [
  { surname: 'VARNHOLT', givenNames: 'LIESA MARLENE', documentNumber: 'T22K0X8L4', nationality: 'D', issuingState: 'D', dateOfBirth: '1986-03-14', sex: 'F', expiryDate: '2031-07-30' },
  { surname: 'TREMBLAVIN', givenNames: 'COSIMO', documentNumber: '19AF08213', nationality: 'FRA', issuingState: 'FRA', dateOfBirth: '1972-11-02', sex: 'M', expiryDate: '2029-01-15' },
  { surname: 'VAN DER MOLLIK', givenNames: 'JORIS PIETER', documentNumber: 'NX4R81PQ7', nationality: 'NLD', issuingState: 'NLD', dateOfBirth: '1990-06-25', sex: 'M', expiryDate: '2033-05-09' },
  { surname: 'QUARANTELLI', givenNames: 'ORNELLA', documentNumber: 'CA30571BB', nationality: 'ITA', issuingState: 'ITA', dateOfBirth: '1965-09-08', sex: 'F', expiryDate: '2027-12-01' },
  { surname: 'OSTERBLAD', givenNames: 'MALTE EINAR', documentNumber: '88213456', nationality: 'SWE', issuingState: 'SWE', dateOfBirth: '2001-01-19', sex: 'M', expiryDate: '2030-08-17' },
  { surname: 'PRZYBYLSKAWA', givenNames: 'ZUZANNA', documentNumber: 'ZKD604219', nationality: 'POL', issuingState: 'POL', dateOfBirth: '1979-04-30', sex: 'F', expiryDate: '2028-03-22' },
  { surname: 'HALLORANE', givenNames: 'FINBAR CIAN', documentNumber: 'PB7730145', nationality: 'IRL', issuingState: 'IRL', dateOfBirth: '1958-12-11', sex: 'M', expiryDate: '2026-10-04' },
  { surname: 'GRUENWALDER', givenNames: 'ANNELIESE', documentNumber: 'U5093821', nationality: 'AUT', issuingState: 'AUT', dateOfBirth: '1995-07-07', sex: 'F', expiryDate: '2034-02-28' },
  { surname: 'CASTELBRAVO', givenNames: 'INES LUCIA', documentNumber: 'BJK381920', nationality: 'ESP', issuingState: 'ESP', dateOfBirth: '1983-02-17', sex: 'F', expiryDate: '2032-11-11' },
  { surname: 'ABERNETHIE', givenNames: 'ROWAN', documentNumber: '530912784', nationality: 'GBR', issuingState: 'GBR', dateOfBirth: '1969-08-21', sex: 'M', expiryDate: '2025-06-13' },
];

/** ICAO 9303 check digit: weights 7, 3, 1; A-Z count 10-35, '<' counts 0. */
export function mrzCheckDigit(value: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const v = c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 90 ? c - 55 : 0;
    sum += v * (weights[i % 3] ?? 1);
  }
  return String(sum % 10);
}

function field(value: string, length: number): string {
  const text = value.toUpperCase().replace(/[^A-Z0-9]+/g, '<');
  return text.slice(0, length).padEnd(length, '<');
}

function yymmdd(date: string): string {
  return date.slice(2, 4) + date.slice(5, 7) + date.slice(8, 10);
}

function nameField(person: SpecimenPerson, length: number): string {
  const text = `${field(person.surname, person.surname.length)}<<${field(person.givenNames, person.givenNames.length)}`;
  return text.slice(0, length).padEnd(length, '<');
}

/** The MRZ lines of a specimen: 3 x 30 (TD1) or 2 x 44 (TD3). */
export function specimenMrzLines(person: SpecimenPerson, format: SpecimenFormat, options: Pick<SpecimenOptions, 'breakBirthDateCheckDigit'> = {}): string[] {
  const state = field(person.issuingState, 3);
  const nationality = field(person.nationality, 3);
  const docNumber = field(person.documentNumber, 9);
  const docCheck = mrzCheckDigit(docNumber);
  const birth = yymmdd(person.dateOfBirth);
  const goodBirthCheck = mrzCheckDigit(birth);
  const birthCheck = options.breakBirthDateCheckDigit ? String((Number(goodBirthCheck) + 1) % 10) : goodBirthCheck;
  const expiry = yymmdd(person.expiryDate);
  const expiryCheck = mrzCheckDigit(expiry);
  if (format === 'TD1') {
    const optional1 = field('', 15);
    const optional2 = field('', 11);
    const line1 = `I<${state}${docNumber}${docCheck}${optional1}`;
    const line2head = `${birth}${birthCheck}${person.sex}${expiry}${expiryCheck}${nationality}${optional2}`;
    // The composite digit covers what the holder could not change without a new document, with the true digits.
    const composite = mrzCheckDigit(`${docNumber}${docCheck}${optional1}${birth}${goodBirthCheck}${expiry}${expiryCheck}${optional2}`);
    return [line1, line2head + composite, nameField(person, 30)];
  }
  const personal = field('', 14);
  const personalCheck = '<';
  const line1 = `P<${state}${nameField(person, 39)}`;
  const composite = mrzCheckDigit(`${docNumber}${docCheck}${birth}${goodBirthCheck}${expiry}${expiryCheck}${personal}${personalCheck}`);
  const line2 = `${docNumber}${docCheck}${nationality}${birth}${birthCheck}${person.sex}${expiry}${expiryCheck}${personal}${personalCheck}${composite}`;
  return [line1, line2];
}

const MONO_FAMILY = 'SpecimenMono';
let fontRegistered = false;

function registerMonoFont(): void {
  if (fontRegistered) return;
  const require = createRequire(import.meta.url);
  const file = require.resolve('@fontsource/ibm-plex-mono/files/ibm-plex-mono-latin-500-normal.woff2');
  if (!GlobalFonts.registerFromPath(file, MONO_FAMILY)) throw new Error(`specimen-id: could not register ${file}`);
  fontRegistered = true;
}

/** Physical sizes (mm) and pixels per mm: ~300 dpi, like a flatbed scan or a close phone photo. */
const LAYOUT = {
  TD1: { widthMm: 85.6, heightMm: 54, pxPerMm: 12, title: 'IDENTITY CARD / SPECIMEN' },
  TD3: { widthMm: 125, heightMm: 88, pxPerMm: 11, title: 'PASSPORT / SPECIMEN' },
} as const;

function drawFace(ctx: SKRSContext2D, x: number, y: number, w: number, h: number): void {
  ctx.fillStyle = '#b9bcc0';
  ctx.fillRect(x, y, w, h);
  ctx.fillStyle = '#7d8186';
  ctx.beginPath();
  ctx.ellipse(x + w / 2, y + h * 1.02, w * 0.45, h * 0.3, 0, Math.PI, 0);
  ctx.fill();
  ctx.fillStyle = '#e0c8b0';
  ctx.beginPath();
  ctx.ellipse(x + w / 2, y + h * 0.42, w * 0.27, h * 0.25, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#3a3027';
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.arc(x + w / 2 + side * w * 0.1, y + h * 0.38, w * 0.025, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.strokeStyle = '#8a4a3a';
  ctx.lineWidth = Math.max(1, w * 0.015);
  ctx.beginPath();
  ctx.arc(x + w / 2, y + h * 0.47, w * 0.08, 0.2 * Math.PI, 0.8 * Math.PI);
  ctx.stroke();
}

function drawCard(person: SpecimenPerson, format: SpecimenFormat, lines: string[]) {
  registerMonoFont();
  const layout = LAYOUT[format];
  const mm = layout.pxPerMm;
  const width = Math.round(layout.widthMm * mm);
  const height = Math.round(layout.heightMm * mm);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#eef3ee');
  gradient.addColorStop(1, '#e3ecf3');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  // A faint security pattern, as on real documents: the reader has to ignore it.
  ctx.strokeStyle = 'rgba(120, 150, 170, 0.18)';
  ctx.lineWidth = 1;
  for (let i = 0; i < 40; i++) {
    ctx.beginPath();
    for (let x = 0; x <= width; x += 8) {
      const y = (i / 40) * height + Math.sin(x / 37 + i) * 6 * mm * 0.1;
      if (x === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  }
  ctx.fillStyle = '#1d3557';
  ctx.font = `bold ${Math.round(3.2 * mm)}px sans-serif`;
  ctx.fillText(layout.title, 4 * mm, 6 * mm);

  const photo = format === 'TD1' ? { x: 4, y: 9, w: 22, h: 27 } : { x: 6, y: 12, w: 32, h: 40 };
  drawFace(ctx, photo.x * mm, photo.y * mm, photo.w * mm, photo.h * mm);

  const labelX = (photo.x + photo.w + 4) * mm;
  const printed: [string, string][] = [
    ['Surname', person.surname],
    ['Given names', person.givenNames],
    ['Nationality', person.nationality],
    ['Date of birth', person.dateOfBirth],
    ['Sex', person.sex],
    ['Document no.', person.documentNumber],
    ['Date of expiry', person.expiryDate],
  ];
  const step = format === 'TD1' ? 3.9 : 5.6;
  printed.forEach(([label, value], i) => {
    const y = (photo.y + 1.5 + i * step) * mm;
    ctx.fillStyle = '#4a5a6a';
    ctx.font = `${Math.round(1.5 * mm)}px sans-serif`;
    ctx.fillText(label, labelX, y);
    ctx.fillStyle = '#111111';
    ctx.font = `bold ${Math.round(2.1 * mm)}px sans-serif`;
    ctx.fillText(value, labelX, y + 2.2 * mm);
  });

  // MRZ: 10 characters per inch (2.54 mm pitch), lines ~4.2 mm apart, the last ~3 mm above the bottom edge.
  const pitch = 2.54 * mm;
  const fontPx = (2.4 * mm) / 0.698; // capitals ~2.4 mm high, like OCR-B size 1 (IBM Plex Mono's cap height: 0.698 em)
  ctx.font = `${fontPx.toFixed(1)}px ${MONO_FAMILY}`;
  ctx.fillStyle = '#101010';
  const lineGap = 4.2 * mm;
  const lineWidth = (lines[0]?.length ?? 0) * pitch;
  const left = (width - lineWidth) / 2;
  const lastBaseline = height - 3 * mm;
  lines.forEach((line, i) => {
    const baseline = lastBaseline - (lines.length - 1 - i) * lineGap;
    // One character at a time on the exact pitch, whatever the font's own advance.
    for (let c = 0; c < line.length; c++) ctx.fillText(line[c] ?? '', left + c * pitch, baseline);
  });
  return canvas;
}

/** A specimen document image (PNG by default) and the MRZ lines printed on it. */
export function drawSpecimenId(person: SpecimenPerson, format: SpecimenFormat, options: SpecimenOptions = {}): { bytes: Uint8Array; lines: string[]; mimeType: 'image/png' | 'image/jpeg' } {
  const lines = specimenMrzLines(person, format, options);
  const card = drawCard(person, format, lines);
  const degrees = options.rotationDegrees ?? 0;
  // Laid on a scanner bed with a margin, turned by the given angle around its centre.
  const margin = Math.round(card.width * 0.06);
  const rad = (degrees * Math.PI) / 180;
  const w = Math.ceil(Math.abs(card.width * Math.cos(rad)) + Math.abs(card.height * Math.sin(rad))) + 2 * margin;
  const h = Math.ceil(Math.abs(card.width * Math.sin(rad)) + Math.abs(card.height * Math.cos(rad))) + 2 * margin;
  const page = createCanvas(w, h);
  const ctx = page.getContext('2d');
  ctx.fillStyle = '#fbfbf8';
  ctx.fillRect(0, 0, w, h);
  ctx.translate(w / 2, h / 2);
  ctx.rotate(rad);
  ctx.drawImage(card, -card.width / 2, -card.height / 2);
  const mimeType = options.mimeType ?? 'image/png';
  const bytes = mimeType === 'image/jpeg' ? page.encodeSync('jpeg', options.jpegQuality ?? 60) : page.encodeSync('png');
  return { bytes: new Uint8Array(bytes), lines, mimeType };
}

/** What a correct reading of the specimen's MRZ gives (the reader's field shape, names as the MRZ spells them). */
export function specimenFields(person: SpecimenPerson): {
  documentNumber: string;
  surname: string;
  givenNames: string;
  nationality: string;
  dateOfBirth: string;
  sex: 'F' | 'M';
  expiryDate: string;
  issuingState: string;
} {
  return {
    documentNumber: person.documentNumber,
    surname: person.surname,
    givenNames: person.givenNames,
    nationality: person.nationality,
    dateOfBirth: person.dateOfBirth,
    sex: person.sex,
    expiryDate: person.expiryDate,
    issuingState: person.issuingState,
  };
}
