/**
 * The EU consolidated financial sanctions list (Financial Sanctions Files, XML v1.1) read into screening entries:
 * every sanctionEntity, person or enterprise (companies invest too), with its name aliases, birth dates, programmes
 * and citizenships. Namespaces may be prefixed or not and any child may appear once or many times. A DOCTYPE is
 * refused before parsing, so no declared entity is ever expanded.
 */
import { XMLParser } from 'fast-xml-parser';
import { refuseTooManyElements, refuseXmlDeclarations, ScreeningListRefusal } from './screening-limits.ts';
import type { ParsedScreeningList, ScreeningEntry } from './screening-types.ts';

type XmlNode = { [key: string]: unknown };

/** The elements that repeat in the file; always read as lists, even when one is present. */
const REPEATED = new Set(['sanctionEntity', 'nameAlias', 'birthdate', 'regulation', 'citizenship', 'subjectType']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  // Numeric character references (&#1048; in a Cyrillic alias) decoded as well as the five XML ones.
  htmlEntities: true,
  isArray: (tagName) => REPEATED.has(tagName),
});

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function children(node: XmlNode, name: string): XmlNode[] {
  const value = node[name];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter(isNode);
}

function attribute(node: XmlNode, name: string): string {
  const value = node[`@_${name}`];
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter((value) => value !== ''))];
}

function aliasName(alias: XmlNode): string {
  const whole = attribute(alias, 'wholeName');
  if (whole !== '') return whole;
  return ['firstName', 'middleName', 'lastName'].map((part) => attribute(alias, part)).filter((part) => part !== '').join(' ');
}

function birthDate(node: XmlNode): string {
  const full = attribute(node, 'birthdate');
  if (/^\d{4}-\d{2}-\d{2}$/.test(full)) return full;
  const year = attribute(node, 'year');
  return /^\d{4}$/.test(year) ? year : '';
}

function toEntry(entity: XmlNode): ScreeningEntry | null {
  const ref = attribute(entity, 'logicalId');
  const names = unique(children(entity, 'nameAlias').map(aliasName));
  if (ref === '' || names.length === 0) return null;
  const subjectCode = children(entity, 'subjectType').map((subject) => attribute(subject, 'code'))[0];
  const programmes = unique(children(entity, 'regulation').map((regulation) => attribute(regulation, 'programme')));
  const entry: ScreeningEntry = {
    ref,
    names,
    birthDates: unique(children(entity, 'birthdate').map(birthDate)),
    kind: 'sanction',
    programme: programmes.length === 0 ? null : programmes.join(', '),
    // "00" is the list's "unknown country".
    countries: unique(children(entity, 'citizenship').map((citizenship) => attribute(citizenship, 'countryIso2Code')).filter((code) => code !== '00')),
  };
  if (subjectCode === 'person') entry.subject = 'person';
  else if (subjectCode === 'enterprise') entry.subject = 'entity';
  return entry;
}

export function parseEuSanctionsXml(xml: string): ParsedScreeningList {
  refuseXmlDeclarations(xml);
  refuseTooManyElements(xml, 'sanctionEntity');
  let parsed: unknown;
  try {
    parsed = parser.parse(xml, true);
  } catch (error) {
    throw new ScreeningListRefusal(`The XML could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const root = isNode(parsed) ? parsed.export : undefined;
  if (!isNode(root)) throw new ScreeningListRefusal('The XML is not the EU consolidated sanctions list: its root element is not "export".');
  const entries = children(root, 'sanctionEntity')
    .map(toEntry)
    .filter((entry) => entry !== null);
  const generated = attribute(root, 'generationDate');
  return { format: 'eu-fsf-xml', publishedAt: generated === '' ? null : generated, entries };
}
