/** Investors' text on the signature page: what the standard PDF fonts (WinAnsi) can set, never an exception. */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readableUtc, shortUtc } from '../../../src/server/pdf/signature-record.ts';
import { codePoints, toWinAnsi } from '../../../src/server/pdf/win-ansi.ts';

describe('toWinAnsi', () => {
  it.each([
    ['Western European names, kept', 'Zoë Ødegård-Müller, François Œuvre', 'Zoë Ødegård-Müller, François Œuvre', true],
    ['Central European letters WinAnsi lacks', 'Łukasz Żółć, Dvořák, Ștefan Dumitrașcu', 'Lukasz Zólc, Dvorák, Stefan Dumitrascu', false],
    ['Vietnamese', 'Nguyễn Thị Minh Khai', 'Nguyen Thi Minh Khai', false],
    ['Cyrillic', 'Иванов Пётр Жанна', 'Ivanov Pyotr Zhanna', false],
    ['Greek', 'Αλέξανδρος', 'Alexandros', false],
    ['CJK, which has no transliteration here', '山田太郎', '????', false],
    ['bidi controls and zero-width characters, dropped', 'Ali\u202eevil\u202c x\u200by\ufeff', 'Alievil xy', false],
    ['controls', 'a\u0000b\u0007c', 'abc', false],
    ['line breaks and tabs, as spaces', 'a\nb\tc', 'a b c', false],
    ['a lone surrogate', 'x\ud800y', 'x?y', false],
    ['emoji with a joiner', 'ok 👩‍💻', 'ok ??', false],
    ['compatibility forms', 'ﬁnance Ａ１', 'finance A1', false],
    ['typographic punctuation WinAnsi has', '“quoted” – ‘x’ — …', '“quoted” – ‘x’ — …', true],
    ['a non-breaking hyphen and a minus sign', 'a\u2011b \u22121', 'a-b -1', false],
  ])('%s', (_, input, text, exact) => {
    expect(toWinAnsi(input)).toEqual({ text, exact });
  });

  it('gives text pdf-lib can set with the standard Times for any code point', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.TimesRoman);
    let all = '';
    for (let cp = 0; cp < 0x3400; cp++) if (cp < 0xd800 || cp > 0xdfff) all += String.fromCodePoint(cp);
    all += '\u{1F600}\u{10FFFF}\ud800';
    const { text } = toWinAnsi(all);
    expect(() => font.encodeText(text)).not.toThrow();
    expect(() => doc.addPage().drawText(text.slice(0, 2000), { font, size: 4 })).not.toThrow();
  });

  it('records code points', () => {
    expect(codePoints('Ив 山\ud800')).toBe('U+0418 U+0432 U+0020 U+5C71 U+FFFD');
  });
});

describe('times on the signature page', () => {
  it('are written in UTC whatever the server zone', () => {
    const at = new Date('2026-03-04T23:59:58.500Z');
    expect(readableUtc(at)).toBe('Wednesday, 4 March 2026, 23:59:58 UTC');
    expect(shortUtc(at)).toBe('2026-03-04 23:59:58 UTC');
  });
});
