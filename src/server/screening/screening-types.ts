/**
 * The shapes the name-screening engine (sanctions / PEP lists) takes and gives back. Plain data: the lists are parsed
 * into ScreeningEntry rows that the caller may store as it likes, and an index built from them answers ScreeningQuery.
 */
export type ScreeningListKind = 'sanctions' | 'pep' | 'mixed';

export type ScreeningEntry = {
  /** The list's own id of the entry (EU logicalId, OpenSanctions id). */
  ref: string;
  /** Primary name first, then aliases, as written in the list (original script kept). */
  names: string[];
  /** 'YYYY-MM-DD' or 'YYYY' (year only) as the list gives them ('YYYY-MM' too when OpenSanctions has only the month). */
  birthDates: string[];
  kind: 'sanction' | 'pep' | 'other';
  /** E.g. the EU regulation programme, or the OpenSanctions sanctions text / dataset, short. */
  programme: string | null;
  /** As the list gives them (codes or names). */
  countries: string[];
  /** Person or legal entity when the list says so (EU subjectType, OpenSanctions schema); absent when unknown. */
  subject?: 'person' | 'entity';
};

export type ParsedScreeningList = {
  format: 'eu-fsf-xml' | 'opensanctions-csv';
  publishedAt: string | null;
  entries: ScreeningEntry[];
};

/** dateOfBirth is 'YYYY-MM-DD'. */
export type ScreeningQuery = { names: string[]; dateOfBirth: string | null };

export type ScreeningHit = {
  ref: string;
  entryName: string;
  queryName: string;
  /** 0..1, rounded to 3 decimals. */
  score: number;
  /** Plain English sentences saying why the names were found alike. */
  reasons: string[];
  birthDate: 'matches' | 'differs' | 'unknown';
};
