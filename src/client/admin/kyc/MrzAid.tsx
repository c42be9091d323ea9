/**
 * The identity document's machine-readable zone on the case (issue 30): the document, the zone's image and lines as
 * read, each item compared with the registration, and the check digits; or, when no zone could be read, that the
 * document is to be compared by eye. Part of the reviewer aids (CaseChecks.tsx).
 */
import type { MrzCheck } from '../../../shared/admin/kyc-checks.ts';
import { When } from '../ui/When.tsx';

export const MRZ_UNREADABLE = 'The machine-readable zone could not be read; compare the document by eye.';
export const MRZ_IMAGE_ALT = 'The machine-readable zone as read';

const MRZ_FORMAT_LABELS: Record<NonNullable<MrzCheck['format']>, string> = {
  TD1: 'TD1 (ID card: 3 lines of 30)',
  TD2: 'TD2 (2 lines of 36)',
  TD3: 'TD3 (passport: 2 lines of 44)',
};
const MRZ_ITEM_LABELS: Record<MrzCheck['comparisons'][number]['item'], string> = {
  surname: 'Surname',
  'given names': 'Given names',
  'date of birth': 'Date of birth',
  nationality: 'Nationality',
  sex: 'Sex',
  expiry: 'Expiry',
};
const MRZ_RESULT_LABELS: Record<MrzCheck['comparisons'][number]['result'], string> = { match: 'Match', differs: 'Differs', unreadable: 'Unreadable' };
/** The ICAO parser's labels, in the words of the comparison table. */
const CHECK_DIGIT_WORDS: Record<string, string> = {
  'Document number check digit': 'document number',
  'Birth date check digit': 'date of birth',
  'Expiration date check digit': 'expiry',
  'Personal number check digit': 'personal number',
  'Composite check digit': 'composite (the whole line)',
};
const checkDigitWords = (name: string) => CHECK_DIGIT_WORDS[name] ?? name.replace(/ check digit$/i, '').toLowerCase();


/** The identity document's machine-readable zone: what our server read, next to what the investor registered. */
export function Mrz({ mrz }: { mrz: MrzCheck }) {
  const read = mrz.outcome === 'read';
  return (
    <div className="kyc-case__aid" aria-labelledby="kyc-case-mrz" role="group">
      <h3 id="kyc-case-mrz">Identity document (machine-readable zone)</h3>
      <dl className="kyc-case__facts">
        <dt>Document</dt>
        <dd>{mrz.document.originalName}</dd>
        {mrz.format ? (
          <>
            <dt>Format</dt>
            <dd>{MRZ_FORMAT_LABELS[mrz.format]}</dd>
          </>
        ) : null}
      </dl>
      {read ? null : <p className="kyc-case__mrz-unreadable">{MRZ_UNREADABLE}</p>}
      {/* A zone found but not fully read keeps its image and partial lines: they help the comparison by eye. */}
      {mrz.crop || mrz.lines.length ? <MrzZone mrz={mrz} /> : null}
      {read ? (
        <>
          <MrzComparisons comparisons={mrz.comparisons} />
          <CheckDigits checkDigits={mrz.checkDigits} />
        </>
      ) : null}
      {mrz.notes.length ? (
        <ul aria-label="Notes on the reading">
          {mrz.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      <p className="kyc-case__small">
        Read on this server by {mrz.run.engine} in {mrz.run.durationMs} ms (round {mrz.run.round}, <When iso={mrz.run.finishedAt} />).
      </p>
    </div>
  );
}

function MrzZone({ mrz }: { mrz: MrzCheck }) {
  return (
    <figure className="kyc-case__mrz-zone">
      {mrz.crop ? <img src={`data:image/png;base64,${mrz.crop.pngBase64}`} alt={MRZ_IMAGE_ALT} width={mrz.crop.width} height={mrz.crop.height} /> : null}
      {mrz.lines.length ? (
        // Scrolls sideways on a narrow screen rather than wrapping: the characters stay in their columns.
        <pre className="kyc-case__mrz-lines" tabIndex={0} role="region" aria-label="The zone’s lines as read">
          {mrz.lines.join('\n')}
        </pre>
      ) : null}
      {mrz.lines.length ? <figcaption className="kyc-case__small">In the lines, &lsquo;&lt;&rsquo; is a filler and &lsquo;?&rsquo; a character that could not be read.</figcaption> : null}
    </figure>
  );
}

function MrzComparisons({ comparisons }: { comparisons: MrzCheck['comparisons'] }) {
  return (
    <table className="admin-table kyc-case__mrz-table">
      <caption>Compared with the registration</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">On the document</th>
          <th scope="col">Registered</th>
          <th scope="col">Result</th>
        </tr>
      </thead>
      <tbody>
        {comparisons.map((c) => (
          <tr key={c.item}>
            <th scope="row">{MRZ_ITEM_LABELS[c.item]}</th>
            <td>{c.mrz ?? '—'}</td>
            <td>{c.registered ?? '—'}</td>
            <td>
              <span className={`kyc-case__mrz-result kyc-case__mrz-result--${c.result}`}>{MRZ_RESULT_LABELS[c.result]}</span>
              {c.note ? <span className="kyc-case__small"> {c.note}</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CheckDigits({ checkDigits }: { checkDigits: MrzCheck['checkDigits'] }) {
  const wrong = checkDigits.filter((d) => !d.valid).map((d) => checkDigitWords(d.name));
  if (checkDigits.length === 0) return <p>Check digits: none could be verified.</p>;
  if (wrong.length === 0) return <p>Check digits: all valid</p>;
  return (
    <p className="kyc-case__mrz-digits--wrong">
      {wrong.length === 1 ? 'Check digit wrong' : 'Check digits wrong'}: {wrong.join(', ')}
    </p>
  );
}
