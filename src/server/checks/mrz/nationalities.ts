/**
 * Countries as an MRZ names them (ICAO 9303 / ISO 3166-1 alpha-3) and as an investor may type their nationality at
 * registration: the country's name (English and native), the demonym, the two- or three-letter code. For the MRZ
 * comparison's nationality row only: a text this table does not know is "unreadable", never a difference. It covers
 * the EU, the EEA, the UK, Switzerland, the US and other common nationalities, not the whole world.
 */
import anyAscii from 'any-ascii';

type Country = { alpha3: string; alpha2: string; words: string[] };

/** alpha-3, alpha-2, then names and demonyms (lower case; matched after transliteration to ASCII). */
const COUNTRIES: Country[] = [
  ['AUT', 'AT', 'austria', 'osterreich', 'austrian', 'osterreichisch', 'osterreicher', 'osterreicherin'],
  ['BEL', 'BE', 'belgium', 'belgique', 'belgie', 'belgien', 'belgian', 'belge'],
  ['BGR', 'BG', 'bulgaria', 'bulgarian'],
  ['HRV', 'HR', 'croatia', 'hrvatska', 'croatian', 'croat'],
  ['CYP', 'CY', 'cyprus', 'cypriot'],
  ['CZE', 'CZ', 'czechia', 'czech republic', 'czech', 'cesko', 'ceska republika'],
  ['DNK', 'DK', 'denmark', 'danmark', 'danish', 'dane', 'dansk'],
  ['EST', 'EE', 'estonia', 'eesti', 'estonian'],
  ['FIN', 'FI', 'finland', 'suomi', 'finnish', 'finn'],
  ['FRA', 'FR', 'france', 'french', 'francais', 'francaise', 'frankreich'],
  ['DEU', 'DE', 'germany', 'deutschland', 'german', 'deutsch', 'deutsche', 'deutscher', 'allemagne', 'allemand', 'allemande', 'federal republic of germany'],
  ['GRC', 'GR', 'greece', 'hellas', 'ellada', 'greek', 'hellenic'],
  ['HUN', 'HU', 'hungary', 'magyarorszag', 'hungarian', 'magyar'],
  ['IRL', 'IE', 'ireland', 'eire', 'republic of ireland', 'irish'],
  ['ITA', 'IT', 'italy', 'italia', 'italian', 'italiano', 'italiana', 'italien', 'italienisch'],
  ['LVA', 'LV', 'latvia', 'latvija', 'latvian', 'lett'],
  ['LTU', 'LT', 'lithuania', 'lietuva', 'lithuanian'],
  ['LUX', 'LU', 'luxembourg', 'luxemburg', 'luxembourgish', 'luxembourger', 'luxembourgeois', 'luxembourgeoise'],
  ['MLT', 'MT', 'malta', 'maltese'],
  ['NLD', 'NL', 'netherlands', 'the netherlands', 'holland', 'nederland', 'dutch', 'nederlands', 'nederlandse', 'niederlande', 'niederlandisch'],
  ['POL', 'PL', 'poland', 'polska', 'polish', 'pole', 'polski', 'polen', 'polnisch'],
  ['PRT', 'PT', 'portugal', 'portuguese', 'portugues', 'portuguesa'],
  ['ROU', 'RO', 'romania', 'romanian', 'romana'],
  ['SVK', 'SK', 'slovakia', 'slovensko', 'slovak', 'slovakian', 'slovenska republika'],
  ['SVN', 'SI', 'slovenia', 'slovenija', 'slovenian', 'slovene'],
  ['ESP', 'ES', 'spain', 'espana', 'spanish', 'espanol', 'espanola', 'spanien', 'spanisch'],
  ['SWE', 'SE', 'sweden', 'sverige', 'swedish', 'swede', 'svensk', 'schweden', 'schwedisch'],
  ['GBR', 'GB', 'united kingdom', 'united kingdom of great britain and northern ireland', 'great britain', 'britain', 'uk', 'u k', 'england', 'scotland', 'wales', 'northern ireland', 'british', 'english', 'scottish', 'welsh', 'scot', 'briton'],
  ['USA', 'US', 'united states', 'united states of america', 'usa', 'u s a', 'u s', 'america', 'american'],
  ['CHE', 'CH', 'switzerland', 'schweiz', 'suisse', 'svizzera', 'swiss', 'schweizer', 'schweizerin', 'schweizerisch'],
  ['NOR', 'NO', 'norway', 'norge', 'norwegian', 'norsk'],
  ['ISL', 'IS', 'iceland', 'island', 'icelandic', 'icelander'],
  ['LIE', 'LI', 'liechtenstein', 'liechtensteiner', 'liechtensteinerin'],
  ['MCO', 'MC', 'monaco', 'monegasque', 'monacan'],
  ['AND', 'AD', 'andorra', 'andorran'],
  ['SMR', 'SM', 'san marino', 'sammarinese'],
  ['CAN', 'CA', 'canada', 'canadian'],
  ['AUS', 'AU', 'australia', 'australian'],
  ['NZL', 'NZ', 'new zealand', 'new zealander', 'kiwi'],
  ['JPN', 'JP', 'japan', 'japanese', 'nippon'],
  ['CHN', 'CN', 'china', 'peoples republic of china', 'chinese', 'prc'],
  ['TWN', 'TW', 'taiwan', 'taiwanese'],
  ['HKG', 'HK', 'hong kong', 'hongkonger', 'hong konger'],
  ['KOR', 'KR', 'south korea', 'korea', 'republic of korea', 'korean', 'south korean'],
  ['IND', 'IN', 'india', 'indian'],
  ['PAK', 'PK', 'pakistan', 'pakistani'],
  ['BGD', 'BD', 'bangladesh', 'bangladeshi'],
  ['IDN', 'ID', 'indonesia', 'indonesian'],
  ['MYS', 'MY', 'malaysia', 'malaysian'],
  ['SGP', 'SG', 'singapore', 'singaporean'],
  ['THA', 'TH', 'thailand', 'thai'],
  ['VNM', 'VN', 'vietnam', 'viet nam', 'vietnamese'],
  ['PHL', 'PH', 'philippines', 'filipino', 'filipina', 'philippine'],
  ['BRA', 'BR', 'brazil', 'brasil', 'brazilian', 'brasileiro', 'brasileira'],
  ['MEX', 'MX', 'mexico', 'mexican', 'mexicano', 'mexicana'],
  ['ARG', 'AR', 'argentina', 'argentinian', 'argentine', 'argentino'],
  ['CHL', 'CL', 'chile', 'chilean', 'chileno', 'chilena'],
  ['COL', 'CO', 'colombia', 'colombian', 'colombiano', 'colombiana'],
  ['PER', 'PE', 'peru', 'peruvian', 'peruano', 'peruana'],
  ['VEN', 'VE', 'venezuela', 'venezuelan', 'venezolano', 'venezolana'],
  ['RUS', 'RU', 'russia', 'russian federation', 'russian', 'rossiya'],
  ['UKR', 'UA', 'ukraine', 'ukrainian', 'ukraina'],
  ['BLR', 'BY', 'belarus', 'belarusian', 'byelorussian'],
  ['MDA', 'MD', 'moldova', 'republic of moldova', 'moldovan'],
  ['GEO', 'GE', 'georgia', 'georgian', 'sakartvelo'],
  ['ARM', 'AM', 'armenia', 'armenian'],
  ['AZE', 'AZ', 'azerbaijan', 'azerbaijani', 'azeri'],
  ['KAZ', 'KZ', 'kazakhstan', 'kazakh', 'kazakhstani'],
  ['TUR', 'TR', 'turkey', 'turkiye', 'turkish', 'turk', 'turkei', 'turkisch'],
  ['SRB', 'RS', 'serbia', 'srbija', 'serbian', 'serb'],
  ['BIH', 'BA', 'bosnia and herzegovina', 'bosnia', 'bosnian', 'herzegovinian'],
  ['MNE', 'ME', 'montenegro', 'montenegrin', 'crna gora'],
  ['MKD', 'MK', 'north macedonia', 'macedonia', 'macedonian'],
  ['ALB', 'AL', 'albania', 'shqiperia', 'albanian'],
  ['ISR', 'IL', 'israel', 'israeli'],
  ['LBN', 'LB', 'lebanon', 'lebanese'],
  ['JOR', 'JO', 'jordan', 'jordanian'],
  ['ARE', 'AE', 'united arab emirates', 'uae', 'u a e', 'emirati', 'emirates'],
  ['SAU', 'SA', 'saudi arabia', 'saudi', 'saudi arabian'],
  ['QAT', 'QA', 'qatar', 'qatari'],
  ['KWT', 'KW', 'kuwait', 'kuwaiti'],
  ['IRN', 'IR', 'iran', 'islamic republic of iran', 'iranian', 'persian'],
  ['IRQ', 'IQ', 'iraq', 'iraqi'],
  ['EGY', 'EG', 'egypt', 'egyptian'],
  ['MAR', 'MA', 'morocco', 'moroccan', 'maroc', 'marocain', 'marocaine'],
  ['TUN', 'TN', 'tunisia', 'tunisian', 'tunisie', 'tunisien', 'tunisienne'],
  ['DZA', 'DZ', 'algeria', 'algerian', 'algerie', 'algerien', 'algerienne'],
  ['NGA', 'NG', 'nigeria', 'nigerian'],
  ['GHA', 'GH', 'ghana', 'ghanaian'],
  ['KEN', 'KE', 'kenya', 'kenyan'],
  ['ZAF', 'ZA', 'south africa', 'south african', 'rsa'],
].map(([alpha3 = '', alpha2 = '', ...words]) => ({ alpha3, alpha2, words }));

/**
 * MRZ codes that are not the alpha-3 of the country they stand for: Germany's 'D', and the British nationality
 * classes (citizen of an overseas territory, national (overseas), overseas citizen, protected person, subject).
 */
const MRZ_ALIASES: Record<string, string> = { D: 'DEU', GBD: 'GBR', GBN: 'GBR', GBO: 'GBR', GBP: 'GBR', GBS: 'GBR' };

/** Lower-case ASCII words, punctuation as spaces ("U.S.A." -> "u s a", "Österreich" -> "osterreich"). */
export function normalizeCountryText(text: string): string {
  return anyAscii(text)
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();
}

const BY_WORDS = new Map<string, Set<string>>();
function index(key: string, alpha3: string): void {
  const set = BY_WORDS.get(key) ?? new Set<string>();
  set.add(alpha3);
  BY_WORDS.set(key, set);
}
for (const c of COUNTRIES) {
  index(c.alpha3.toLowerCase(), c.alpha3);
  index(c.alpha2.toLowerCase(), c.alpha3);
  for (const w of c.words) index(normalizeCountryText(w), c.alpha3);
}
// Germany's MRZ code.
index('d', 'DEU');

/** The country an MRZ code stands for (alpha-3), resolving ICAO's special codes; null when this table lacks it. */
export function countryOfMrzCode(code: string): string | null {
  const upper = code.toUpperCase();
  const alpha3 = MRZ_ALIASES[upper] ?? upper;
  return COUNTRIES.some((c) => c.alpha3 === alpha3) ? alpha3 : null;
}

export function countryName(alpha3: string): string | null {
  const c = COUNTRIES.find((x) => x.alpha3 === alpha3);
  const name = c?.words[0];
  return name ? name.replace(/\b[a-z]/g, (ch) => ch.toUpperCase()) : null;
}

const FILLER_WORDS = /\b(the|citizen|citizenship|national|nationality|passport|holder|of|by birth)\b/g;

/**
 * The countries one registered nationality text names ('German', 'Germany', 'DE', 'DEU', 'German citizen'), or null
 * when it names none this table knows. Several may match one text ('Korea'); each is a possibility.
 */
export function countriesOfText(text: string): Set<string> | null {
  const normalized = normalizeCountryText(text);
  if (normalized === '') return null;
  const direct = BY_WORDS.get(normalized);
  if (direct) return direct;
  const stripped = normalized.replace(FILLER_WORDS, ' ').replace(/\s+/g, ' ').trim();
  return BY_WORDS.get(stripped) ?? BY_WORDS.get(stripped.replace(/ /g, '')) ?? null;
}
