/**
 * The selfie's face compared with the identity document's photo on the case (issue 30): the similarity with the
 * verdict as a word on a badge and the lines the model draws, or, when no comparison could be made, why; either way
 * the reviewer compares by eye (the documents pane shows the two side by side). A similarity, never a decision. Part
 * of the reviewer aids (CaseChecks.tsx).
 */
import type { FaceCheck } from '../../../shared/admin/kyc-checks.ts';
import { When } from '../ui/When.tsx';

export const FACE_GROUP = 'Face: the selfie and the identity document’s photo';
export const FACE_COMPARE_NOTE = 'Compare the two by eye with “Compare the ID with the selfie” in Documents.';
export const FACE_BY_EYE = 'Compare the selfie with the identity document by eye.';

type Compared = Extract<FaceCheck['result'], { outcome: 'compared' }>;
type NotCompared = Exclude<FaceCheck['result'], { outcome: 'compared' }>;
type Image = NotCompared['image'];

const VERDICT_LABELS: Record<Compared['verdict'], string> = {
  'likely same person': 'Likely the same person',
  uncertain: 'Uncertain',
  'likely different people': 'Likely different people',
};
/** The badge classes of the machine-readable zone's results: the same colours for the same meaning. */
const VERDICT_CLASSES: Record<Compared['verdict'], string> = {
  'likely same person': 'kyc-case__mrz-result--match',
  uncertain: 'kyc-case__mrz-result--unreadable',
  'likely different people': 'kyc-case__mrz-result--differs',
};
const IMAGE_PHOTO: Record<Image, string> = { selfie: 'the selfie', id: 'the identity document’s photo' };
const IMAGE_FILE: Record<Image, string> = { selfie: 'The selfie', id: 'The identity document' };

/**
 * Rounded down, so a similarity just under a line (0.599 against 60%) never reads as on it and beside a verdict of
 * the other side; the small epsilon keeps 0.58 (57.99999… in floating point) at 58%.
 */
const similarityPercent = (similarity: number) => `${Math.floor(similarity * 100 + 1e-9)}%`;
/** The model's lines as they are (one decimal at most: 0.455 is 45.5%, not 46%). */
const linePercent = (line: number) => `${Number((line * 100).toFixed(1))}%`;

export const faceLines = (r: Pick<Compared, 'threshold' | 'band'>) =>
  `The model counts ${linePercent(r.threshold)} or more as the same person; between ${linePercent(r.band.low)} and ${linePercent(r.band.high)} compare by eye.`;

export function faceNotComparedWords(r: NotCompared): string {
  switch (r.outcome) {
    case 'no face':
      return `No face was found in ${IMAGE_PHOTO[r.image]}.`;
    case 'several faces':
      return `Several faces (${r.count}) were found in ${IMAGE_PHOTO[r.image]}.`;
    case 'unreadable':
      return `${IMAGE_FILE[r.image]} could not be read as an image.`;
  }
}

/** The selfie's face against the identity document's photo: what our server's model measured, or why it could not. */
export function Face({ face }: { face: FaceCheck }) {
  const { result } = face;
  return (
    <div className="kyc-case__aid" aria-labelledby="kyc-case-face" role="group">
      <h3 id="kyc-case-face">{FACE_GROUP}</h3>
      <dl className="kyc-case__facts">
        <dt>Selfie</dt>
        <dd>{face.documents.selfie}</dd>
        <dt>Identity document</dt>
        <dd>{face.documents.id}</dd>
      </dl>
      {result.outcome === 'compared' ? (
        <>
          <p>
            Similarity <strong className="kyc-case__face-similarity">{similarityPercent(result.similarity)}</strong>{' '}
            <span className={`kyc-case__mrz-result ${VERDICT_CLASSES[result.verdict]}`}>{VERDICT_LABELS[result.verdict]}</span>
          </p>
          <p>{faceLines(result)}</p>
          <p>{FACE_COMPARE_NOTE}</p>
        </>
      ) : (
        <>
          <p className="kyc-case__face-not-compared">{faceNotComparedWords(result)}</p>
          <p>{FACE_BY_EYE}</p>
        </>
      )}
      <p className="kyc-case__small">
        Compared on this server by {face.run.engine} in {face.run.durationMs} ms (round {face.run.round}, <When iso={face.run.finishedAt} />).
      </p>
    </div>
  );
}
