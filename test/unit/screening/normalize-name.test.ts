/** Names reduced to lower-case ASCII words: transliteration, accents, titles, particles, legal forms, "SURNAME, First". */
import { describe, expect, it } from 'vitest';
import { normalizeName } from '../../../src/server/screening/normalize-name.ts';

describe('normalizeName', () => {
  it('transliterates other scripts and says so', () => {
    expect(normalizeName('Иван Петров')).toEqual({ original: 'Иван Петров', readable: 'Ivan Petrov', tokens: ['ivan', 'petrov'], change: 'script' });
    expect(normalizeName('Γιώργος Παπαδόπουλος').tokens).toEqual(['giorgos', 'papadopoylos']);
  });

  it('removes accents and says it was only accents', () => {
    expect(normalizeName('Hélène Müller')).toMatchObject({ readable: 'Helene Muller', tokens: ['helene', 'muller'], change: 'diacritics' });
    expect(normalizeName('Łukasz Ściański').tokens).toEqual(['lukasz', 'scianski']);
    expect(normalizeName('Anna Madeup').change).toBe('none');
  });

  it('keeps apostrophes inside a word and splits on hyphens and punctuation', () => {
    expect(normalizeName("Seán O'Madeup").tokens).toEqual(['sean', 'omadeup']);
    expect(normalizeName('Артём Ильич').tokens).toEqual(['artem', 'ilich']);
    expect(normalizeName('Olga Fictivna-Sampleton').tokens).toEqual(['olga', 'fictivna', 'sampleton']);
  });

  it('drops titles, name particles and company legal forms, unless nothing else is left', () => {
    expect(normalizeName('Dr. Karim al-Placeholderi').tokens).toEqual(['karim', 'placeholderi']);
    expect(normalizeName('Mr Jan van der Madeup').tokens).toEqual(['jan', 'madeup']);
    expect(normalizeName('OOO Demoinvest Trading').tokens).toEqual(['demoinvest', 'trading']);
    expect(normalizeName('Fictivia Holdings Ltd.').tokens).toEqual(['fictivia', 'holdings']);
    expect(normalizeName('Sampleton Shipping S.A.').tokens).toEqual(['sampleton', 'shipping']);
    expect(normalizeName('Van De').tokens).toEqual(['van', 'de']);
  });

  it('reads "SURNAME, Given names" in the written order', () => {
    expect(normalizeName('PETROV, Ivan Sergeyevich').tokens).toEqual(['ivan', 'sergeyevich', 'petrov']);
    expect(normalizeName('A, B, C').tokens).toEqual(['a', 'b', 'c']);
  });

  it('cuts absurdly long input instead of letting it cost the matcher', () => {
    const long = normalizeName(`${'Anna '.repeat(500)}Madeup`);
    expect(long.original.length).toBe(300);
    expect(long.tokens.length).toBe(12);
    expect(normalizeName('  ').tokens).toEqual([]);
  });
});
