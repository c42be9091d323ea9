/**
 * Guards shared by the list parsers: a list is an uploaded file, so an oversized or hostile one is refused before
 * it can exhaust memory, not after. Each parser applies them itself, so calling a parser directly is as safe as
 * going through parseScreeningList.
 */
export const MAX_SCREENING_ENTRIES = 2_000_000;

/** A list file refused for what it is (format, size, content), with a message meant for the person who gave it. */
export class ScreeningListRefusal extends Error {
  override name = 'ScreeningListRefusal';
}

export function tooManyEntriesError(): ScreeningListRefusal {
  return new ScreeningListRefusal(`The list has more than ${MAX_SCREENING_ENTRIES.toLocaleString('en-GB')} entries, the most accepted.`);
}

/**
 * No DOCTYPE, hence no entity declarations to expand ("billion laughs") and no external entities to fetch. The EU
 * list has none; a file that declares one is not the list.
 */
export function refuseXmlDeclarations(xml: string): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new ScreeningListRefusal('The XML declares a DOCTYPE or entities; such files are refused (the EU list has none).');
}

/** Counts opening tags of one element (any namespace prefix), stopping once past the cap: no parse needed. */
export function refuseTooManyElements(xml: string, element: string): void {
  const opening = new RegExp(`<(?:[\\w.-]+:)?${element}[\\s/>]`, 'g');
  let count = 0;
  while (opening.exec(xml) !== null) {
    count++;
    if (count > MAX_SCREENING_ENTRIES) throw tooManyEntriesError();
  }
}
