/** Telling the two list formats apart by content, and refusing everything else. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScreeningList, ScreeningListRefusal, screeningListKind, UNKNOWN_LIST_FORMAT } from '../../../src/server/screening/read-screening-list.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('parseScreeningList', () => {
  it('reads the EU XML (default or prefixed namespace) and the OpenSanctions CSV from their content', () => {
    expect(parseScreeningList(fixture('eu-fsf-sample.xml')).format).toBe('eu-fsf-xml');
    expect(parseScreeningList(fixture('eu-fsf-prefixed.xml')).entries).toHaveLength(1);
    expect(parseScreeningList(fixture('opensanctions-sample.csv')).format).toBe('opensanctions-csv');
  });

  it('accepts a byte-order mark before either format', () => {
    expect(parseScreeningList(`\uFEFF${fixture('eu-fsf-prefixed.xml')}`).entries).toHaveLength(1);
    expect(parseScreeningList(`\uFEFF${fixture('opensanctions-topics.csv')}`).entries).toHaveLength(3);
  });

  it('refuses anything else with one plain sentence', () => {
    for (const text of ['', 'hello', '{"id": 1}', '<html><body>no</body></html>', 'first_name,last_name\nAnna,Madeup\n', '%PDF-1.7']) {
      expect(() => parseScreeningList(text), JSON.stringify(text)).toThrow(new ScreeningListRefusal(UNKNOWN_LIST_FORMAT));
    }
    expect(UNKNOWN_LIST_FORMAT).toBe('The file is neither the EU consolidated sanctions list (XML) nor an OpenSanctions simple CSV.');
  });

  it('refuses an XML with a DOCTYPE or entity declarations before parsing it', () => {
    const withDoctype = '<?xml version="1.0"?>\n<!DOCTYPE export [<!ENTITY lol "lol">]>\n<export generationDate="x"></export>';
    expect(() => parseScreeningList(withDoctype)).toThrow(/DOCTYPE/);
    const external = '<?xml version="1.0"?><!DOCTYPE export SYSTEM "file:///etc/passwd"><export/>';
    expect(() => parseScreeningList(external)).toThrow(ScreeningListRefusal);
  });

  it('passes an OpenSanctions-like header without "id" to the CSV reader, which names the missing column', () => {
    expect(() => parseScreeningList('schema,name,aliases,birth_date\nPerson,Anna Madeup,,\n')).toThrow('The CSV has no "id" column');
  });
});

describe('screeningListKind', () => {
  it('says sanctions, pep or mixed from the entries', () => {
    expect(screeningListKind(parseScreeningList(fixture('eu-fsf-sample.xml')))).toBe('sanctions');
    expect(screeningListKind(parseScreeningList(fixture('opensanctions-sample.csv')))).toBe('mixed');
    const peps = 'id,name,dataset\np-1,Lina Madeup,demo_peps\np-2,Otto Madeup,demo_peps\n';
    expect(screeningListKind(parseScreeningList(peps))).toBe('pep');
  });
});
