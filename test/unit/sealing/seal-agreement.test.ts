/**
 * A signed agreement, stamped and sealed, checked from the outside: pdfsig says the seal is valid and stops saying
 * so after a one-byte change, openssl finds signing-certificate-v2 in the CMS, the signature page prints the
 * agreement's SHA-256 and the investor's record, and the drawn signature lands inside the signature field.
 */
import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLegalPdf, SIGNATURE_FIELD } from '../../../src/server/pdf/legal-pdf.ts';
import { sealAgreementHere, type SealedAgreement } from '../../../src/server/pdf/seal-agreement.ts';
import { SEAL_FIELD_NAME, SEAL_LOCATION, SEAL_REASON } from '../../../src/server/pdf/seal-pdf.ts';
import { stampSignedAgreement } from '../../../src/server/pdf/stamp-signed-agreement.ts';
import type { SealingKey } from '../../../src/server/providers/sealing/sealing-key.ts';
import { AGREEMENTS, type AgreementContent } from '../../../src/server/seed/agreement-text/index.ts';
import { havePdfTools, lastSignature, opensslCms, pdfsig, pdfText, renderPage } from '../support/pdf-tools.ts';
import { SEALED_AT, sampleRecord, testSealingKey } from '../support/sealing-fixtures.ts';
import { drawSignaturePng, sampleSignature } from '../support/signature-png.ts';

const tools = havePdfTools();
const CONTACT = 'legal@g2g.example';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const signaturePng = drawSignaturePng(sampleSignature(), { scale: 2 });

let key: SealingKey;
let removeKey: () => void;
const presented = new Map<string, Uint8Array>();
const sealed = new Map<string, SealedAgreement>();

const seal = (agreement: AgreementContent, overrides: Parameters<typeof sampleRecord>[1] = {}, pdf = presented.get(agreement.key)!) =>
  sealAgreementHere({ presentedPdf: pdf, fields: agreement.signature, record: sampleRecord(agreement, overrides), signaturePng, sealedAt: SEALED_AT }, key, CONTACT);

beforeAll(async () => {
  ({ key, remove: removeKey } = await testSealingKey());
  for (const agreement of AGREEMENTS) {
    const pdf = await createLegalPdf(agreement.document);
    presented.set(agreement.key, pdf);
    sealed.set(agreement.key, await seal(agreement));
  }
}, 120_000);

afterAll(() => removeKey?.());

describe.skipIf(!tools)('sealed agreements, checked by pdfsig and openssl', () => {
  it.each(AGREEMENTS.map((a) => [a.key, a] as const))('%s: pdfsig says the seal is valid, over the whole document', async (k) => {
    const report = await pdfsig(sealed.get(k)!.pdf);
    expect(report.valid, report.text).toBe(true);
    expect(report.signatures).toBe(1);
    expect(report.unsignedFields).toBe(0);
    expect(report.text).toContain('Signature is Valid.');
    expect(report.text).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report.text).toContain('Signing Hash Algorithm: SHA-256');
    expect(report.text).toContain('Total document signed');
    expect(report.text).toContain(`Signature Field Name: ${SEAL_FIELD_NAME}`);
    expect(report.text).toContain('Signer Certificate Common Name: G2G Token Foundation (portal seal, self-signed)');
  });

  it('pdfsig no longer says valid after one byte inside the signed range changes', async () => {
    for (const agreement of [AGREEMENTS[0]!, AGREEMENTS[6]!]) {
      const pdf = Uint8Array.from(sealed.get(agreement.key)!.pdf);
      // The binary comment on the second line: inside the signed range, and harmless to any PDF parser.
      expect(Buffer.from(pdf.subarray(0, 9)).toString('latin1')).toMatch(/^%PDF-1\.\d\n/);
      pdf[10] = (pdf[10] as number) ^ 0x01;
      const report = await pdfsig(pdf);
      expect(report.valid).toBe(false);
      expect(report.text).not.toContain('Signature is Valid.');
      expect(report.text).toContain('Digest Mismatch');
    }
    // And a byte near the end of the file, in the second signed range (the incremental update's trailer area).
    const pdf = Uint8Array.from(sealed.get('risk')!.pdf);
    const { byteRange } = lastSignature(pdf);
    const inSecondRange = byteRange[2] + 20;
    pdf[inSecondRange] = pdf[inSecondRange] === 0x20 ? 0x0a : 0x20;
    expect((await pdfsig(pdf)).valid).toBe(false);
  });

  it('the CMS carries the ESS signing-certificate-v2 attribute (openssl cms -print, asn1parse)', async () => {
    const { cms } = lastSignature(sealed.get('ppm')!.pdf);
    const { print, asn1 } = await opensslCms(cms);
    expect(print).toMatch(/object: id-smime-aa-signingCertificateV2 \(1\.2\.840\.113549\.1\.9\.16\.2\.47\)/);
    expect(asn1).toMatch(/OBJECT\s+:id-smime-aa-signingCertificateV2/);
    expect(print).toMatch(/object: messageDigest \(1\.2\.840\.113549\.1\.9\.4\)/);
    expect(print).toMatch(/algorithm: sha256 \(2\.16\.840\.1\.101\.3\.4\.2\.1\)/);
    expect(print).toContain('G2G Token Foundation (portal seal');
  });

  it("writes the foundation's reason, location, contact and the caller's time into the seal", async () => {
    const text = Buffer.from(sealed.get('terms')!.pdf).toString('latin1');
    expect(text).toContain(`/Reason (${SEAL_REASON})`);
    expect(text).toContain(`/Location (${SEAL_LOCATION})`);
    expect(text).toContain(`/ContactInfo (${CONTACT})`);
    expect(text).toContain('/SubFilter /ETSI.CAdES.detached');
    expect(text).toContain('/M (D:20260304101542Z)');
  });
});

describe.skipIf(!tools)('the signature page', () => {
  it.each(AGREEMENTS.map((a) => [a.key, a] as const))('%s: prints the SHA-256 of the agreement as presented and the record', async (k, agreement) => {
    const result = sealed.get(k)!;
    const pages = presented.get(k)!;
    expect(result.presentedSha256).toBe(sha256(pages));
    expect(result.sha256).toBe(sha256(result.pdf));
    const doc = await PDFDocument.load(result.pdf);
    const presentedPages = (await PDFDocument.load(pages)).getPageCount();
    // One signature page for an individual, whatever the agreement.
    expect(doc.getPageCount()).toBe(presentedPages + 1);
    const text = await pdfText(result.pdf, presentedPages + 1);
    const record = sampleRecord(agreement);
    for (const expected of [
      'SIGNATURE PAGE',
      agreement.title,
      `Agreement key ${agreement.key}`,
      `SHA-256 as presented ${sha256(pages)}`,
      'Name Jane Q. Investor',
      'Investor type Individual',
      'jane.investor@example.com',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '2026-03-04T10:15:30.123Z',
      'Wednesday, 4 March 2026, 10:15:30 UTC',
      'IP address 203.0.113.7',
      record.userAgent!.slice(0, 40),
      'electronic seal',
      ...record.confirmations.map((c) => c.text),
    ]) {
      expect(text).toContain(expected.replace(/\s+/g, ' '));
    }
    // The fingerprint is set on two lines, broken after its 16th byte.
    expect(text.replace(/\s/g, '')).toContain(key.certificate.fingerprintSha256);
  });

  it('names an entity and its authorised signatory', async () => {
    const agreement = AGREEMENTS[4]!;
    const result = await seal(agreement, {
      investor: { type: 'entity', name: 'Helvetia Digital Assets AG', authorisedSignatory: 'Anna Keller', email: 'anna@helvetia.example', walletAddress: '0x' + 'ab'.repeat(20) },
    });
    const text = await pdfText(result.pdf, (await PDFDocument.load(result.pdf)).getPageCount());
    expect(text).toContain('Entity Helvetia Digital Assets AG');
    expect(text).toContain('Investor type Entity (legal person)');
    expect(text).toContain('Authorised signatory Anna Keller');
  });

  it('sets odd Unicode without throwing: transliterated, with the exact code points beside it', async () => {
    const agreement = AGREEMENTS[6]!;
    const name = 'Łukasz Żółć-Иванов 山田 \u202eevil\u202c 👩‍💻 \ud800 Dvořák';
    const result = await seal(agreement, {
      investor: { type: 'entity', name, authorisedSignatory: 'Zoë Ødegård\u200b-Müller', email: 'zoe@example.com', walletAddress: '0x' + '0'.repeat(40) },
      userAgent: 'Agent/1.0 \u0000\u0007 (日本語)',
    });
    expect((await pdfsig(result.pdf)).valid).toBe(true);
    const pages = (await PDFDocument.load(result.pdf)).getPageCount();
    const text = await pdfText(result.pdf, pages - 1, pages);
    expect(text).toContain('Lukasz Zólc-Ivanov');
    expect(text).toContain('Dvorák');
    expect(text).toContain('U+5C71 U+7530'); // 山田, recorded exactly
    expect(text).toContain('Zoë Ødegård-Müller');
    expect(text).not.toContain('\u202e');
  });
});

describe.skipIf(!tools)('stamping into the fields', () => {
  it('puts the signature inside the signature field and the time inside the date field, and nowhere else', async () => {
    const agreement = AGREEMENTS.find((a) => a.key === 'risk')!;
    const original = presented.get('risk')!;
    const doc = await PDFDocument.load(original);
    const form = doc.getForm();
    const [sigWidget] = form.getField(agreement.signature.field).acroField.getWidgets();
    const [dateWidget] = form.getField(agreement.signature.dateField).acroField.getWidgets();
    const sig = sigWidget!.getRectangle();
    const date = dateWidget!.getRectangle();
    expect([sig.width, sig.height]).toEqual([SIGNATURE_FIELD.width, SIGNATURE_FIELD.height]);
    const pageNumber = doc.getPageCount(); // the agreements' signature blocks end the document

    const before = await renderPage(original, pageNumber);
    const after = await renderPage(sealed.get('risk')!.pdf, pageNumber);
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    const height = before.height;
    // In page coordinates (origin bottom left; one pixel per point), with a pixel of anti-aliasing around.
    const inside = (r: typeof sig, x: number, y: number) => x >= r.x - 1 && x <= r.x + r.width + 1 && y >= r.y - 1 && y <= r.y + r.height + 1;
    let inSignature = 0;
    let inDate = 0;
    const outside: [number, number][] = [];
    for (let row = 0; row < height; row++) {
      for (let x = 0; x < before.width; x++) {
        const i = (row * before.width + x) * 4;
        const changed = Math.abs((before.data[i] as number) - (after.data[i] as number)) + Math.abs((before.data[i + 1] as number) - (after.data[i + 1] as number)) + Math.abs((before.data[i + 2] as number) - (after.data[i + 2] as number));
        if (changed < 60) continue;
        const y = height - row;
        if (inside(sig, x, y)) inSignature++;
        else if (inside(date, x, y)) inDate++;
        else outside.push([x, y]);
      }
    }
    expect(inSignature).toBeGreaterThan(300);
    expect(inDate).toBeGreaterThan(100);
    expect(outside, `changed pixels outside the fields: ${JSON.stringify(outside.slice(0, 10))}`).toEqual([]);

    // The time is the one on the date line, and both fields are gone (flattened): only the seal's field remains.
    expect(await pdfText(sealed.get('risk')!.pdf, pageNumber, pageNumber)).toContain('2026-03-04 10:15:30 UTC');
    const sealedForm = (await PDFDocument.load(sealed.get('risk')!.pdf)).getForm();
    expect(sealedForm.getFields().map((f) => f.getName())).toEqual([SEAL_FIELD_NAME]);
    expect(sealed.get('risk')!.stamped).toEqual({ signature: true, date: true });
  });

  it("leaves an issuer's PDF without those fields as it is and appends the signature page", async () => {
    const issuer = await PDFDocument.create();
    const font = await issuer.embedFont(StandardFonts.Helvetica);
    issuer.addPage([612, 792]).drawText("An issuer's own agreement, without form fields", { x: 72, y: 700, size: 14, font });
    const issuerPdf = await issuer.save();
    const agreement = AGREEMENTS[1]!;
    const result = await seal(agreement, {}, issuerPdf);
    expect(result.stamped).toEqual({ signature: false, date: false });
    expect(result.presentedSha256).toBe(sha256(issuerPdf));
    expect((await pdfsig(result.pdf)).valid).toBe(true);
    const doc = await PDFDocument.load(result.pdf);
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    const [a, b] = await Promise.all([renderPage(issuerPdf, 1), renderPage(result.pdf, 1)]);
    expect(Buffer.from(b.data).equals(Buffer.from(a.data))).toBe(true);
    expect(await pdfText(result.pdf, 2)).toContain(`SHA-256 as presented ${sha256(issuerPdf)}`);
  });

  it('stamps deterministically: the same signature gives the same bytes before the seal', async () => {
    const agreement = AGREEMENTS[3]!;
    const input = { presentedPdf: presented.get(agreement.key)!, fields: agreement.signature, record: sampleRecord(agreement), signaturePng };
    const [a, b] = await Promise.all([stampSignedAgreement(input), stampSignedAgreement(input)]);
    expect(Buffer.from(a.pdf).equals(Buffer.from(b.pdf))).toBe(true);
  });
});
