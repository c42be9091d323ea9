/**
 * `npm run bench -- --checks-only` (and part of the whole run): the reviewer aids of issue 30 on this machine, against
 * the goals. Screening: one name against 50,000 generated list entries (src/server/screening/screening-bench.ts),
 * goal p99 <= 50 ms. MRZ: 80 generated specimen IDs (10 made-up people x TD1/TD3 x clean, rotated -3 and +2 degrees,
 * JPEG q60; src/server/checks/mrz/mrz-bench.ts), goal <= 3 s per document and >= 95 % read correctly. Faces: pairs of
 * crops of the sample group photos in @vladmandic/face-api (src/server/checks/face/face-bench.ts), goal <= 2 s per
 * pair, every same-person pair at or above the threshold. Peak RSS of this process after all three. Not yet here: the rescreen of 10,000 investors and the status read's p99 while checks run.
 */
import { measureFaces } from '../../server/checks/face/face-bench.ts';
import { measureMrz } from '../../server/checks/mrz/mrz-bench.ts';
import { measureScreening } from '../../server/screening/screening-bench.ts';
import { table } from './markdown.ts';

export const REVIEWER_AID_GOALS = { screeningP99Ms: 50, mrzMaxMs: 3_000, mrzCorrectShare: 0.95, faceMaxMs: 2_000 } as const;

export type ReviewerAidsResult = {
  screening: Awaited<ReturnType<typeof measureScreening>>;
  mrz: Awaited<ReturnType<typeof measureMrz>>;
  faces: Awaited<ReturnType<typeof measureFaces>>;
  peakRssMb: number;
};

export async function measureReviewerAids(): Promise<ReviewerAidsResult> {
  console.log('[bench] screening: one name against 50,000 list entries');
  const screening = await measureScreening();
  console.log('[bench] MRZ: 80 specimen identity documents');
  const mrz = await measureMrz();
  console.log('[bench] faces: pairs of crops from the sample photos in @vladmandic/face-api');
  const faces = await measureFaces();
  return { screening, mrz, faces, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) };
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`;

export function reviewerAidsSection({ screening, mrz, faces, peakRssMb }: ReviewerAidsResult): string {
  const share = mrz.correct / mrz.documents;
  return [
    table(
      ['check', 'measured', 'goal'],
      [
        [`screening index of ${screening.entries.toLocaleString('en-GB')} entries: build`, ms(screening.buildMs), '-'],
        [`screening one name (${screening.names} names): p50 / p99`, `${ms(screening.perNameMsP50)} / ${ms(screening.perNameMsP99)}`, `p99 <= ${REVIEWER_AID_GOALS.screeningP99Ms} ms`],
        [`MRZ read per document (${mrz.documents} specimens): p50 / max`, `${ms(mrz.msP50)} / ${ms(mrz.msMax)}`, `<= ${REVIEWER_AID_GOALS.mrzMaxMs} ms`],
        ['MRZ fields read correctly', `${mrz.correct} / ${mrz.documents} (${(share * 100).toFixed(1)} %)`, `>= ${REVIEWER_AID_GOALS.mrzCorrectShare * 100} %`],
        [`face comparison per pair (${faces.pairs} pairs, in the face worker): p50 / max`, `${ms(faces.msP50)} / ${ms(faces.msMax)}`, `<= ${REVIEWER_AID_GOALS.faceMaxMs} ms`],
        ['faces: same person at or above the threshold', `${faces.sameMatched} / ${faces.sameTotal}`, 'all'],
        ['faces: different people at or above the threshold', `${faces.differentAbove} / ${faces.differentTotal}`, 'none (shown as a score with a review band, never a decision)'],
        ['peak RSS of the bench process (index, OCR worker, face worker)', `${peakRssMb} MB`, '-'],
      ],
    ),
    '',
    'Screening accuracy (every seeded variant of 200 listed names found; none of 1,000 made-up non-listed names above the threshold) is asserted by test/unit/screening/screening-accuracy.test.ts.',
  ].join('\n');
}

export function reviewerAidsFailures({ screening, mrz, faces }: ReviewerAidsResult): string[] {
  const failures: string[] = [];
  if (screening.perNameMsP99 > REVIEWER_AID_GOALS.screeningP99Ms) failures.push(`screening p99 ${ms(screening.perNameMsP99)} is above ${REVIEWER_AID_GOALS.screeningP99Ms} ms`);
  if (mrz.msMax > REVIEWER_AID_GOALS.mrzMaxMs) failures.push(`an MRZ read took ${ms(mrz.msMax)}, above ${REVIEWER_AID_GOALS.mrzMaxMs} ms`);
  if (mrz.correct / mrz.documents < REVIEWER_AID_GOALS.mrzCorrectShare) failures.push(`MRZ read ${mrz.correct} of ${mrz.documents} specimens correctly, below ${REVIEWER_AID_GOALS.mrzCorrectShare * 100} %`);
  if (faces.msMax > REVIEWER_AID_GOALS.faceMaxMs) failures.push(`a face comparison took ${ms(faces.msMax)}, above ${REVIEWER_AID_GOALS.faceMaxMs} ms`);
  if (faces.sameMatched < faces.sameTotal) failures.push(`faces: ${faces.sameTotal - faces.sameMatched} same-person pairs below the threshold`);
  return failures;
}
