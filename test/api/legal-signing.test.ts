/**
 * The agreements step's signings, on both databases: the server re-checks every signing (required boxes, known ids,
 * a real PNG with ink of the pad's size, the server's clock, where it came from), a signed agreement never changes,
 * parallel signings leave one row, the step is closed before KYC, and every refusal leaves every table as it was.
 */
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { AGREEMENT_KEYS, AGREEMENT_NAMES, SIGNATURE_DATA_URL_PREFIX, type AgreementSubmission, type LegalProgressResponse } from '../../src/shared/legal.ts';
import { messages } from '../../src/shared/messages.ts';
import { checkSignaturePng } from '../../src/server/domain/legal/check-signature-png.ts';
import { bearer, forEachDatabase } from './harness.ts';
import { kycInvestor, sampleFile } from './support/kyc.ts';
import { legalInvestor, legalProgress, saveAgreements, signAgreement, signatureDataUrl, signaturePng, signatureRows, signing } from './support/legal.ts';
import { rowCounts } from './support/row-counts.ts';

const PPM = AGREEMENT_NAMES.ppm;

/** A PNG of the pad's size whose pixels do not compress: `rows` rows of noise (2 KB a row), the rest transparent. */
function noisyPng(rows: number): Uint8Array {
  const png = new PNG({ width: 500, height: 120 });
  png.data.fill(0);
  for (let i = 0; i < rows * 500 * 4; i++) png.data[i] = (Math.random() * 256) | 0;
  return new Uint8Array(PNG.sync.write(png));
}

describe('the test signature maker', () => {
  it('draws what the server accepts and refuses', () => {
    for (const scale of [1, 2, 3]) expect(checkSignaturePng(signaturePng({ scale })).ok).toBe(true);
    for (const ink of ['blank', 'dot', 'line'] as const) expect(checkSignaturePng(signaturePng({ ink }))).toMatchObject({ ok: false, problem: 'blank' });
  });
});

forEachDatabase('agreements: signing', (t) => {
  /** Sends one agreement's submission and expects a refusal that wrote nothing. */
  async function expectRefused(token: string, agreements: Record<string, unknown>, status: number, error?: string) {
    const before = await rowCounts(t.database.db);
    const res = await t.post('/api/legal/save-progress', { agreements }, token);
    const body = (await res.json()) as { error: string };
    expect(res.status, JSON.stringify(body)).toBe(status);
    if (error) expect(body.error).toBe(error);
    expect(await rowCounts(t.database.db)).toEqual(before);
    return body;
  }

  it('before KYC is complete: the progress answers, everything else is 409 and writes nothing', async () => {
    const { token } = await kycInvestor(t);
    const progress = await legalProgress(t, token);
    expect(progress.status).toBe('PENDING');
    const before = await rowCounts(t.database.db);
    for (const res of [
      await t.get('/api/legal/configurations', token),
      await t.get(progress.configurations.ppm.pdfPath, token),
      await t.post('/api/legal/save-progress', { agreements: { [PPM]: signing(progress.configurations.ppm) } }, token),
      await t.post('/api/legal/complete', {}, token),
    ]) {
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: messages.legal.kycFirst });
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('needs a token for every call', async () => {
    for (const res of [await t.get('/api/legal/progress'), await t.get('/api/legal/configurations'), await t.post('/api/legal/save-progress', { agreements: {} }), await t.post('/api/legal/complete', {})]) {
      expect(res.status).toBe(401);
    }
  });

  it('answers the seven configurations and a fresh state', async () => {
    const { token } = await legalInvestor(t);
    const progress = await legalProgress(t, token);
    expect(progress).toMatchObject({ status: 'PENDING', completedAt: null });
    expect(Object.keys(progress.configurations)).toEqual([...AGREEMENT_KEYS]);
    for (const key of AGREEMENT_KEYS) {
      const config = progress.configurations[key];
      expect(config.pdfPath).toMatch(/^\/api\/legal\/pdf\/[0-9a-f-]{36}$/);
      expect(config.signature).toEqual({ field: `${key}_investor_signature`, dateField: `${key}_investor_signature_date` });
      expect(progress.agreements[AGREEMENT_NAMES[key]]).toEqual({
        accepted: false,
        signature: '',
        signed: false,
        signedAt: null,
        checkboxes: Object.fromEntries(config.checkboxes.map((box) => [box.id, false])),
      });
    }
    const configurations = await (await t.get('/api/legal/configurations', token)).json();
    expect(configurations).toEqual(progress.configurations);
  });

  it('keeps a draft of ticked boxes; accepted is the server’s reading of the required ones', async () => {
    const { token } = await legalInvestor(t);
    const { configurations } = await legalProgress(t, token);
    const boxes = configurations.ppm.checkboxes;
    const first = { accepted: true, signature: signatureDataUrl(signaturePng()), signed: false, checkboxes: { [boxes[0]!.id]: true } };
    let res = await saveAgreements(t, token, { [PPM]: first });
    expect(res.status).toBe(200);
    let progress = (await res.json()) as LegalProgressResponse;
    expect(progress.status).toBe('IN_PROGRESS');
    // The drawn image is not kept in a draft, and a claim of `accepted` is not taken.
    expect(progress.agreements[PPM]).toMatchObject({ accepted: boxes.every((b) => !b.required || b.id === boxes[0]!.id), signature: '', signed: false });
    expect(progress.agreements[PPM]!.checkboxes[boxes[0]!.id]).toBe(true);
    res = await saveAgreements(t, token, { [PPM]: { ...first, checkboxes: Object.fromEntries(boxes.map((b) => [b.id, b.required])) } });
    progress = (await res.json()) as LegalProgressResponse;
    expect(progress.agreements[PPM]!.accepted).toBe(true);
  });

  it('signs with the server’s clock, the client address and user agent, bound to the current version', async () => {
    const { token, userId } = await legalInvestor(t);
    const { configurations } = await legalProgress(t, token);
    t.clock.advance(3_600_000);
    const png = signaturePng({ scale: 2 });
    const res = await t.app.request(
      '/api/legal/save-progress',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Signing Browser/1.0', ...bearer(token) },
        body: JSON.stringify({ agreements: { [PPM]: { ...signing(configurations.ppm), signature: signatureDataUrl(png), signedAt: '1999-01-01T00:00:00.000Z' } } }),
      },
      { incoming: { socket: { remoteAddress: '203.0.113.7' } } },
    );
    expect(res.status).toBe(200);
    const progress = (await res.json()) as LegalProgressResponse;
    expect(progress.agreements[PPM]).toEqual({
      accepted: true,
      signature: signatureDataUrl(png),
      signed: true,
      signedAt: t.clock.now().toISOString(),
      checkboxes: Object.fromEntries(configurations.ppm.checkboxes.map((box) => [box.id, true])),
    });
    const [row] = await signatureRows(t, userId);
    expect(row).toMatchObject({ key: 'ppm', ipAddress: '203.0.113.7', userAgent: 'Signing Browser/1.0', signedAt: t.clock.now() });
    expect(Buffer.from(row!.signaturePng).equals(Buffer.from(png))).toBe(true);
    const versions = await t.database.db.query.agreementVersions.findFirst({ where: (v, { eq }) => eq(v.id, row!.versionId) });
    expect(versions?.sha256).toBe(configurations.ppm.sha256);
    const audit = await t.database.db.query.auditEvents.findMany({ where: (a, { and, eq }) => and(eq(a.userId, userId), eq(a.action, 'legal.agreement.signed')) });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ key: 'ppm', sha256: configurations.ppm.sha256, signatureId: row!.id });
  });

  describe('refuses a signing that does not pass, writing nothing', () => {
    const cases: { name: string; signature: () => string; error: string }[] = [
      { name: 'no signature', signature: () => '', error: messages.legal.signatureRequired },
      { name: 'a blank pad', signature: () => signatureDataUrl(signaturePng({ ink: 'blank' })), error: messages.legal.signatureRequired },
      { name: 'a dot', signature: () => signatureDataUrl(signaturePng({ ink: 'dot' })), error: messages.legal.signatureRequired },
      { name: 'a straight line', signature: () => signatureDataUrl(signaturePng({ ink: 'line' })), error: messages.legal.signatureRequired },
      { name: 'a blank 3x pad', signature: () => signatureDataUrl(signaturePng({ ink: 'blank', scale: 3 })), error: messages.legal.signatureRequired },
      { name: 'a JPEG', signature: () => SIGNATURE_DATA_URL_PREFIX + Buffer.from(sampleFile('jpeg', 4000)).toString('base64'), error: messages.legal.signatureNotPng },
      { name: 'a JPEG data URL', signature: () => 'data:image/jpeg;base64,' + Buffer.from(sampleFile('jpeg', 4000)).toString('base64'), error: messages.legal.signatureNotPng },
      { name: 'not base64', signature: () => SIGNATURE_DATA_URL_PREFIX + '***not base64***', error: messages.legal.signatureNotPng },
      { name: 'a URL', signature: () => 'https://example.com/signature.png', error: messages.legal.signatureNotPng },
      { name: 'a tiny PNG (1x1)', signature: () => signatureDataUrl(signaturePng({ width: 1, height: 1 })), error: messages.legal.signatureWrongSize },
      { name: 'a wrong-size PNG (600x120)', signature: () => signatureDataUrl(signaturePng({ width: 600, height: 120 })), error: messages.legal.signatureWrongSize },
      { name: 'a 1.5x PNG', signature: () => signatureDataUrl(signaturePng({ width: 750, height: 180 })), error: messages.legal.signatureWrongSize },
      { name: 'a cut-off PNG', signature: () => signatureDataUrl(signaturePng().subarray(0, 400)), error: messages.legal.signatureDamaged },
      { name: 'a PNG past 200 KB', signature: () => signatureDataUrl(noisyPng(115)), error: messages.server.invalidRequest },
    ];
    for (const c of cases) {
      it(c.name, async () => {
        const { token } = await legalInvestor(t);
        const { configurations } = await legalProgress(t, token);
        await expectRefused(token, { [PPM]: { ...signing(configurations.ppm), signature: c.signature() } }, 400, c.error);
      });
    }

    it('a missing required checkbox, an unknown checkbox id', async () => {
      const { token } = await legalInvestor(t);
      const { configurations } = await legalProgress(t, token);
      const required = configurations.ppm.checkboxes.find((box) => box.required)!;
      await expectRefused(token, { [PPM]: { ...signing(configurations.ppm), checkboxes: { ...signing(configurations.ppm).checkboxes, [required.id]: false } } }, 400, messages.legal.checkboxesRequired);
      await expectRefused(token, { [PPM]: { ...signing(configurations.ppm), checkboxes: { [required.id]: true } } }, 400, configurations.ppm.checkboxes.every((b) => b.id === required.id || !b.required) ? undefined : messages.legal.checkboxesRequired);
      await expectRefused(token, { [PPM]: { ...signing(configurations.ppm), checkboxes: { ...signing(configurations.ppm).checkboxes, made_up: true } } }, 400, messages.legal.unknownCheckbox);
      // Unknown ids are refused in a draft too, and a signing refused among good drafts takes them all back.
      await expectRefused(token, { [PPM]: { accepted: false, signature: '', signed: false, checkboxes: { made_up: false } } }, 400, messages.legal.unknownCheckbox);
      await expectRefused(
        token,
        { [AGREEMENT_NAMES.risk]: { accepted: false, signature: '', signed: false, checkboxes: {} }, [PPM]: { ...signing(configurations.ppm), signature: '' } },
        400,
        messages.legal.signatureRequired,
      );
    });

    it('an agreement name, a checkbox id or a field it does not know; odd Unicode; deep and huge bodies', async () => {
      const { token } = await legalInvestor(t);
      const { configurations } = await legalProgress(t, token);
      const good = signing(configurations.ppm);
      await expectRefused(token, { ppm: good }, 400, messages.server.invalidRequest);
      await expectRefused(token, { [PPM]: { ...good, checkboxes: { 'Bad Id': true } } }, 400, messages.server.invalidRequest);
      await expectRefused(token, { [PPM]: { ...good, signature: `${SIGNATURE_DATA_URL_PREFIX}\u202e\u0000` } }, 400);
      await expectRefused(token, { [PPM]: { ...good, signature: `${SIGNATURE_DATA_URL_PREFIX}\ud800` } }, 400);
      await expectRefused(token, { [PPM]: { ...good, sha256: 'x'.repeat(64) } }, 400, messages.server.invalidRequest);
      await expectRefused(token, { [PPM]: { ...good, checkboxes: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`box_${i}`, true])) } }, 400);
      let deep: unknown = 1;
      for (let i = 0; i < 40; i++) deep = [deep];
      await expectRefused(token, { [PPM]: { ...good, checkboxes: deep } }, 400);
      const before = await rowCounts(t.database.db);
      const huge = await t.request('/api/legal/save-progress', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(token) },
        body: JSON.stringify({ agreements: {}, pad: 'x'.repeat(2_100_000) }),
      });
      expect(huge.status).toBe(413);
      expect(await huge.json()).toEqual({ error: messages.server.tooLarge });
      expect(await rowCounts(t.database.db)).toEqual(before);
    });
  });

  it('takes seven signatures of nearly 200 KB each in one save (about 1.8 MB)', async () => {
    const { token, userId } = await legalInvestor(t);
    const { configurations } = await legalProgress(t, token);
    const agreements = Object.fromEntries(
      AGREEMENT_KEYS.map((key) => {
        const png = noisyPng(98);
        expect(png.byteLength).toBeGreaterThan(180_000);
        expect(png.byteLength).toBeLessThanOrEqual(200 * 1024);
        return [AGREEMENT_NAMES[key], { ...signing(configurations[key]), signature: signatureDataUrl(png) }];
      }),
    );
    const body = JSON.stringify({ agreements });
    expect(body.length).toBeGreaterThan(1_700_000);
    const res = await t.request('/api/legal/save-progress', { method: 'POST', headers: { 'content-type': 'application/json', ...bearer(token) }, body });
    expect(res.status).toBe(200);
    expect(await signatureRows(t, userId)).toHaveLength(7);
  });

  it('never changes a signed agreement (409); the same signed state sent again is accepted and ignored', async () => {
    const { token, userId } = await legalInvestor(t);
    const progress = await signAgreement(t, token, 'ppm', { seed: 5 });
    const held = progress.agreements[PPM] as AgreementSubmission;
    const { configurations } = progress;
    // Unsigning, clearing the signature, another image: refused, and the draft saved beside it is not kept.
    const draft = { [AGREEMENT_NAMES.risk]: { accepted: false, signature: '', signed: false, checkboxes: { [configurations.risk.checkboxes[0]!.id]: true } } };
    await expectRefused(token, { ...draft, [PPM]: { ...held, signed: false } }, 409, messages.legal.alreadySigned);
    await expectRefused(token, { ...draft, [PPM]: { ...held, signed: false, signature: '', signedAt: null } }, 409, messages.legal.alreadySigned);
    await expectRefused(token, { ...draft, [PPM]: { ...held, signature: signatureDataUrl(signaturePng({ seed: 9 })) } }, 409, messages.legal.alreadySigned);
    // The page's state as it holds it (with the server's signedAt, or with the image left out): accepted, nothing changes.
    for (const same of [held, { ...held, signature: '' }, { ...held, checkboxes: {} }]) {
      const before = await rowCounts(t.database.db);
      const res = await saveAgreements(t, token, { [PPM]: same });
      expect(res.status).toBe(200);
      expect(await rowCounts(t.database.db)).toEqual(before);
      expect(((await res.json()) as LegalProgressResponse).agreements[PPM]).toEqual(held);
    }
    // ... also together with a change elsewhere, which is kept.
    const res = await saveAgreements(t, token, { ...draft, [PPM]: held });
    expect(res.status).toBe(200);
    expect(((await res.json()) as LegalProgressResponse).agreements[AGREEMENT_NAMES.risk]!.checkboxes[configurations.risk.checkboxes[0]!.id]).toBe(true);
    expect(await signatureRows(t, userId)).toHaveLength(1);
  });

  it('20 parallel signings of one agreement leave exactly one signature', async () => {
    const { token, userId } = await legalInvestor(t);
    const { configurations } = await legalProgress(t, token);
    // The same signing twenty times (a retried request): every answer 200, one row.
    const same = signing(configurations.ppm, { seed: 2 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => saveAgreements(t, token, { [PPM]: same })));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await signatureRows(t, userId)).toHaveLength(1);

    // Twenty different signings of another agreement: one wins, nineteen are told it is signed.
    const different = await Promise.all(
      Array.from({ length: 20 }, (_, i) => saveAgreements(t, token, { [AGREEMENT_NAMES.risk]: signing(configurations.risk, { seed: 10 + i }) })),
    );
    const statuses = different.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = await signatureRows(t, userId);
    expect(rows.filter((r) => r.key === 'risk')).toHaveLength(1);
    const audit = await t.database.db.query.auditEvents.findMany({ where: (a, { and, eq }) => and(eq(a.userId, userId), eq(a.action, 'legal.agreement.signed')) });
    expect(audit).toHaveLength(2);
  });

  it('another investor’s signature is not in my progress', async () => {
    const a = await legalInvestor(t);
    const b = await legalInvestor(t);
    await signAgreement(t, a.token, 'ppm');
    const mine = await legalProgress(t, b.token);
    expect(mine.agreements[PPM]!.signed).toBe(false);
  });
});

