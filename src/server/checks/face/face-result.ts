/**
 * What a face comparison answers (ID document's photo vs the investor's selfie), and how a similarity becomes a
 * verdict for the human reviewer. Shared by the comparer (main thread) and its worker, so neither imports the other.
 */

/** A face in an image, in the pixels of the image as displayed (EXIF orientation applied), at its full size. */
export type FaceBox = { x: number; y: number; width: number; height: number; score: number };

export type FaceImageRole = 'selfie' | 'id';

export type FaceVerdict = 'likely same person' | 'uncertain' | 'likely different people';

export type FaceResult =
  | { outcome: 'compared'; similarity: number; threshold: number; verdict: FaceVerdict; faces: { selfie: FaceBox; id: FaceBox } }
  | { outcome: 'no face'; image: FaceImageRole }
  | { outcome: 'several faces'; image: FaceImageRole; count: number }
  | { outcome: 'unreadable'; image: FaceImageRole };

/** @vladmandic/human's documented value: with its default match options a similarity above 0.5 is a match. */
export const FACE_MATCH_THRESHOLD = 0.5;

/**
 * Around the threshold the score says little (on the lab's 22 people, 8 of 231 pairs of different people scored
 * 0.5 to 0.69): there the reviewer compares by eye.
 */
export const FACE_REVIEW_BAND = { low: 0.45, high: 0.6 } as const;

export function faceVerdict(similarity: number): FaceVerdict {
  if (similarity >= FACE_REVIEW_BAND.high) return 'likely same person';
  if (similarity < FACE_REVIEW_BAND.low) return 'likely different people';
  return 'uncertain';
}
