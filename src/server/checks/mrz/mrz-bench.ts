/**
 * The MRZ reader's benchmark: time per document and how many are read right, on generated specimen documents
 * (specimen-id.ts: 10 made-up people, TD1 and TD3, clean, turned -3° and +2°, JPEG quality 60). One OCR worker for
 * all, started and warmed up before the clock runs, as the server keeps one. The goal is <= 3 s per document.
 */
import { createMrzOcr } from './mrz-ocr.ts';
import { readMrz, type MrzReading } from './read-mrz.ts';
import { drawSpecimenId, SPECIMEN_PEOPLE, specimenFields, type SpecimenFormat, type SpecimenOptions, type SpecimenPerson } from './specimen-id.ts';

export const MRZ_BENCH_VARIANTS: readonly { name: string; options: SpecimenOptions }[] = [
  { name: 'clean', options: {} },
  { name: 'rotated -3°', options: { rotationDegrees: -3 } },
  { name: 'rotated +2°', options: { rotationDegrees: 2 } },
  { name: 'JPEG q60', options: { mimeType: 'image/jpeg', jpegQuality: 60 } },
];

/** The reading has every field of the specimen right and all its check digits valid. */
export function readCorrectly(reading: MrzReading, person: SpecimenPerson): boolean {
  const expected = specimenFields(person);
  const fields = reading.fields;
  if (reading.outcome !== 'read' || !fields) return false;
  const same = (Object.keys(expected) as (keyof typeof expected)[]).every((key) => fields[key] === expected[key]);
  return same && reading.checkDigits.length > 0 && reading.checkDigits.every((c) => c.valid);
}

export async function measureMrz(): Promise<{ documents: number; msP50: number; msMax: number; correct: number }> {
  const ocr = createMrzOcr();
  try {
    const today = '2025-01-01';
    // The first read starts the worker and loads the model (about a second): not part of a document's time.
    for (const person of SPECIMEN_PEOPLE.slice(0, 1)) {
      const warmUp = drawSpecimenId(person, 'TD1');
      await readMrz({ bytes: warmUp.bytes, mimeType: warmUp.mimeType }, ocr, { today });
    }
    const times: number[] = [];
    let correct = 0;
    for (const format of ['TD1', 'TD3'] as SpecimenFormat[]) {
      for (const variant of MRZ_BENCH_VARIANTS) {
        for (const person of SPECIMEN_PEOPLE) {
          const image = drawSpecimenId(person, format, variant.options);
          const started = performance.now();
          const reading = await readMrz({ bytes: image.bytes, mimeType: image.mimeType }, ocr, { today });
          times.push(performance.now() - started);
          if (readCorrectly(reading, person)) correct++;
        }
      }
    }
    times.sort((a, b) => a - b);
    return {
      documents: times.length,
      msP50: Math.round(times[Math.floor(times.length / 2)] ?? 0),
      msMax: Math.round(times[times.length - 1] ?? 0),
      correct,
    };
  } finally {
    await ocr.terminate();
  }
}
