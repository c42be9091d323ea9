/**
 * The test paths a path test generated, as the explorer replays them (DiagramPathRun): test/paths/coverage.ts builds
 * one per coverMachine call and writes it to test/paths/recorded/<machine id>/<run>.json when G2G_RECORD_PATHS=1,
 * else checks the committed file still says the same. `npm run statecharts` records them, then folds them into the
 * explorer's documents. Everything here must give the same bytes on every run and machine.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DIAGRAM_MAX_PATHS_PER_RUN, type DiagramPath, type DiagramPathRun } from '../shared/statechart-diagram.ts';

/** Longest string kept in a recorded event or context (a data URL or a document body says nothing more after it). */
export const RECORDED_STRING_MAX = 200;

const isActorRef = (value: object): value is { id?: unknown } =>
  typeof (value as { send?: unknown }).send === 'function' && typeof (value as { getSnapshot?: unknown }).getSnapshot === 'function';

/** Actor logic (a machine, fromPromise ...) handed around as a value, e.g. a page's chart as a load's output. */
const isActorLogic = (value: object) =>
  typeof (value as { transition?: unknown }).transition === 'function' &&
  typeof (value as { getInitialSnapshot?: unknown }).getInitialSnapshot === 'function';

/** Nesting kept in a recorded value: contexts are shallow; anything deeper is a structure that is not data. */
export const RECORDED_DEPTH_MAX = 12;

const cut = (text: string) => (text.length > RECORDED_STRING_MAX ? `${text.slice(0, RECORDED_STRING_MAX)}… (${text.length} chars)` : text);

/**
 * A value as plain JSON for the replay panel: Errors as { name, message }, Dates as ISO strings, Files and Blobs as
 * '[File name]' / '[Blob type, size]', functions as '[function name]', actor refs as '[actor id]', machines and other
 * actor logic as '[logic id]', other class instances as '[ClassName]', a value met again on its own path as
 * '[circular]', Maps and Sets as objects and arrays, long strings cut.
 */
export function toRecordedJson(value: unknown, seen: object[] = []): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'string') return cut(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (value === undefined) return null;
  if (typeof value === 'symbol') return `[${value.toString()}]`;
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  const object = value as object;
  if (seen.includes(object)) return '[circular]';
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? '[invalid date]' : object.toISOString();
  if (typeof File !== 'undefined' && object instanceof File) return `[File ${object.name}]`;
  if (typeof Blob !== 'undefined' && object instanceof Blob) return `[Blob ${object.type || 'untyped'}, ${object.size} bytes]`;
  if (object instanceof Error) return { name: object.name, message: cut(object.message) };
  if (isActorRef(object)) return `[actor ${typeof object.id === 'string' ? object.id : 'anonymous'}]`;
  if (isActorLogic(object)) return `[logic ${typeof (object as { id?: unknown }).id === 'string' ? (object as { id: string }).id : 'anonymous'}]`;
  if (ArrayBuffer.isView(object) || object instanceof ArrayBuffer) return `[${object.constructor.name}, ${(object as ArrayBuffer).byteLength} bytes]`;
  if (seen.length >= RECORDED_DEPTH_MAX) return '[too deep]';
  const inner = [...seen, object];
  if (Array.isArray(object)) return object.map((v) => toRecordedJson(v, inner));
  if (object instanceof Set) return [...object].map((v) => toRecordedJson(v, inner));
  if (object instanceof Map) return Object.fromEntries([...object].map(([k, v]) => [String(k), toRecordedJson(v, inner)]));
  if (typeof (object as { toJSON?: unknown }).toJSON === 'function') return toRecordedJson((object as { toJSON: () => unknown }).toJSON(), inner);
  // A class instance (a state node, a client) says nothing as fields: its class names it.
  const proto = Object.getPrototypeOf(object) as object | null;
  if (proto !== null && proto !== Object.prototype) return `[${object.constructor?.name || 'object'}]`;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(object)) if (v !== undefined) out[key] = toRecordedJson(v, inner);
  return out;
}

/** One step as the recorder sees it: the event, the snapshot after it, the transition ids it took. */
export interface RecordableStep {
  event: { type: string };
  active: string[];
  context: unknown;
  transitions: string[];
}

/**
 * The order in which paths are worth keeping (at most `max` of them): greedily the one that adds the most transitions
 * not yet covered (ties: more distinct transitions, then generation order).
 */
export function pickPaths(paths: readonly RecordableStep[][], max: number = DIAGRAM_MAX_PATHS_PER_RUN): number[] {
  const sets = paths.map((steps) => new Set(steps.flatMap((s) => s.transitions)));
  const covered = new Set<string>();
  const picked: number[] = [];
  const left = new Set(paths.map((_, i) => i));
  while (picked.length < max && left.size) {
    let best = -1;
    let bestNew = -1;
    for (const i of left) {
      let fresh = 0;
      for (const t of sets[i]!) if (!covered.has(t)) fresh++;
      if (fresh > bestNew || (fresh === bestNew && sets[i]!.size > sets[best]!.size)) {
        best = i;
        bestNew = fresh;
      }
    }
    left.delete(best);
    picked.push(best);
    for (const t of sets[best]!) covered.add(t);
  }
  return picked;
}

/**
 * Bytes of JSON one run may hold: long simple paths (dozens of steps each) would otherwise make a run several MB,
 * which the explorer loads whole. Paths are kept in pickPaths order until the next one would pass it (the first always).
 */
export const RECORDED_RUN_BYTES_MAX = 300_000;

export function buildPathRun(
  name: string,
  testFile: string,
  paths: readonly RecordableStep[][],
  budget: number = RECORDED_RUN_BYTES_MAX,
): DiagramPathRun {
  const contexts: unknown[] = [];
  const contextIndex = new Map<string, number>();
  const contextOf = (context: unknown) => {
    const json = toRecordedJson(context);
    const key = JSON.stringify(json);
    let index = contextIndex.get(key);
    if (index === undefined) {
      index = contexts.length;
      contexts.push(json);
      contextIndex.set(key, index);
    }
    return index;
  };
  const kept = new Map<number, DiagramPath>();
  let bytes = 0;
  for (const i of pickPaths(paths)) {
    const before = contexts.length;
    const path: DiagramPath = {
      steps: paths[i]!.map((step) => ({
        eventType: step.event.type,
        event: toRecordedJson(step.event),
        active: step.active,
        transitions: step.transitions,
        context: contextOf(step.context),
      })),
    };
    const size = JSON.stringify(path).length + contexts.slice(before).reduce((n: number, c) => n + JSON.stringify(c).length, 0);
    if (kept.size > 0 && bytes + size > budget) {
      // Forget the contexts only this path brought.
      for (const c of contexts.splice(before)) contextIndex.delete(JSON.stringify(c));
      break;
    }
    bytes += size;
    kept.set(i, path);
  }
  const inOrder = [...kept.keys()].sort((a, b) => a - b).map((i) => kept.get(i)!);
  return { name, testFile, total: paths.length, paths: inOrder, contexts };
}

/** A run's file name: its name in lower case, words joined by '-'. */
export const slugify = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'run';

export const recordedFile = (recordedDir: string, machineId: string, runName: string) => join(recordedDir, machineId, `${slugify(runName)}.json`);

export const recordedText = (run: DiagramPathRun) => `${JSON.stringify(run)}\n`;

const written = new Set<string>();

/**
 * With `record`, writes the run (refusing a second run of the same file name); else throws unless the committed file
 * holds exactly this run.
 */
export function saveOrCheckRun(options: { recordedDir: string; machineId: string; run: DiagramPathRun; record: boolean }): void {
  const { recordedDir, machineId, run, record } = options;
  const file = recordedFile(recordedDir, machineId, run.name);
  const text = recordedText(run);
  const where = `test/paths/recorded/${machineId}/${slugify(run.name)}.json`;
  if (record) {
    const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DiagramPathRun) : undefined;
    // `npm run statecharts` starts from an empty folder: a file already there was written by another run of this pass.
    if (written.has(file) || (previous && previous.testFile !== run.testFile)) {
      throw new Error(
        `Recorded paths: two coverMachine runs of ${machineId} are named '${run.name}' (${previous?.testFile ?? run.testFile} and ${run.testFile}): give them different names (or delete ${where} if the run moved)`,
      );
    }
    written.add(file);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    return;
  }
  if (!existsSync(file)) throw new Error(`Recorded paths of ${machineId} ('${run.name}') are missing (${where}): run \`npm run statecharts\``);
  if (readFileSync(file, 'utf8') !== text) {
    throw new Error(`Recorded paths of ${machineId} ('${run.name}') are out of date (${where}): run \`npm run statecharts\``);
  }
}
