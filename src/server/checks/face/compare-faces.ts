/**
 * One comparison, as the face worker runs it: both images decoded first (an unreadable one costs no detection),
 * then exactly one face wanted in each, then their embeddings' similarity and what it suggests to the reviewer.
 */
import type { DetectedFace, FaceDetector } from './face-detector.ts';
import { imageForDetection, type DetectionImage } from './face-image.ts';
import { FACE_MATCH_THRESHOLD, faceVerdict, type FaceBox, type FaceImageRole, type FaceResult } from './face-result.ts';

/**
 * Longer side the detector sees. blazeface works on 256 px anyway and faceres on a 224 px face crop; 1600 px keeps
 * a face of a group or card photo big enough and bounds the WASM heap (a 12 MP phone selfie would grow it by ~150 MB).
 */
export const DETECTION_MAX_SIDE = 1600;

type NotCompared = Exclude<FaceResult, { outcome: 'compared' }>;

/** The one face of an image, or why there is not exactly one. */
async function oneFace(detector: FaceDetector, image: DetectionImage, role: FaceImageRole): Promise<DetectedFace | NotCompared> {
  const faces = await detector.faces(image);
  const [face] = faces;
  if (!face) return { outcome: 'no face', image: role };
  if (faces.length > 1) return { outcome: 'several faces', image: role, count: faces.length };
  return face;
}

export async function compareFaces(detector: FaceDetector, selfie: Uint8Array, id: Uint8Array): Promise<FaceResult> {
  const selfieImage = imageForDetection(selfie, DETECTION_MAX_SIDE);
  if (!selfieImage) return { outcome: 'unreadable', image: 'selfie' };
  const idImage = imageForDetection(id, DETECTION_MAX_SIDE);
  if (!idImage) return { outcome: 'unreadable', image: 'id' };
  const selfieFace = await oneFace(detector, selfieImage, 'selfie');
  if ('outcome' in selfieFace) return selfieFace;
  const idFace = await oneFace(detector, idImage, 'id');
  if ('outcome' in idFace) return idFace;
  // Rounded before the verdict, so the number the reviewer sees and the verdict always agree.
  const similarity = Math.round(detector.similarity(selfieFace.embedding, idFace.embedding) * 1000) / 1000;
  return { outcome: 'compared', similarity, threshold: FACE_MATCH_THRESHOLD, verdict: faceVerdict(similarity), faces: { selfie: selfieFace.box, id: idFace.box } };
}

/** Every face that counts in one image, left to right; null when the image cannot be read. */
export async function locateFaces(detector: FaceDetector, bytes: Uint8Array): Promise<FaceBox[] | null> {
  const image = imageForDetection(bytes, DETECTION_MAX_SIDE);
  if (!image) return null;
  return (await detector.faces(image)).map((f) => f.box).sort((a, b) => a.x - b.x);
}
