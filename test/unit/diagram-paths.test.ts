/** The recorded test paths: how values become JSON, which paths are kept, and how a stale recording is refused. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import {
  RECORDED_STRING_MAX,
  buildPathRun,
  pickPaths,
  recordedFile,
  saveOrCheckRun,
  slugify,
  toRecordedJson,
  type RecordableStep,
} from '../../src/tools/diagram-paths.ts';

describe('toRecordedJson', () => {
  it('keeps plain data as it is', () => {
    const value = { a: 1, b: 'two', c: [true, null], d: { e: -0.5 } };
    expect(toRecordedJson(value)).toEqual(value);
  });

  it('writes errors as name and message, dates as ISO strings', () => {
    const error = new TypeError('bad input');
    expect(toRecordedJson({ error, at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) })).toEqual({
      error: { name: 'TypeError', message: 'bad input' },
      at: '2026-01-02T03:04:05.000Z',
    });
    expect(toRecordedJson(new Date(Number.NaN))).toBe('[invalid date]');
  });

  it('names files and blobs instead of reading them', () => {
    expect(toRecordedJson(new File(['abc'], 'passport.jpg', { type: 'image/jpeg' }))).toBe('[File passport.jpg]');
    expect(toRecordedJson(new Blob(['abcd'], { type: 'image/png' }))).toBe('[Blob image/png, 4 bytes]');
    expect(toRecordedJson(new Uint8Array(3))).toBe('[Uint8Array, 3 bytes]');
  });

  it('names functions, actor refs and machines', () => {
    const machine = createMachine({ id: 'tiny', initial: 'a', states: { a: {} } });
    const actor = createActor(machine, { id: 'child-1' });
    expect(toRecordedJson({ fn: function namedOne() {}, arrow: () => 1, actor, machine })).toEqual({
      fn: '[function namedOne]',
      arrow: '[function arrow]',
      actor: '[actor child-1]',
      machine: '[logic tiny]',
    });
  });

  it('cuts a cycle where it closes, but repeats a shared value', () => {
    const shared = { n: 1 };
    const cyclic: Record<string, unknown> = { name: 'loop', shared, again: shared };
    cyclic.self = cyclic;
    cyclic.list = [cyclic];
    expect(toRecordedJson(cyclic)).toEqual({ name: 'loop', shared: { n: 1 }, again: { n: 1 }, self: '[circular]', list: ['[circular]'] });
  });

  it('writes maps and sets as objects and arrays, class instances by class, and drops undefined fields', () => {
    class Client {
      secret = 'x';
    }
    expect(toRecordedJson({ m: new Map([['k', 1]]), s: new Set([2, 3]), c: new Client(), u: undefined, url: new URL('https://a.example/b') })).toEqual({
      m: { k: 1 },
      s: [2, 3],
      c: '[Client]',
      url: 'https://a.example/b',
    });
    expect(toRecordedJson([undefined, Infinity, 10n])).toEqual([null, 'Infinity', '10n']);
  });

  it('cuts long strings and deep nesting', () => {
    const long = 'x'.repeat(RECORDED_STRING_MAX + 50);
    expect(toRecordedJson(long)).toBe(`${'x'.repeat(RECORDED_STRING_MAX)}… (${long.length} chars)`);
    let deep: unknown = 'bottom';
    for (let i = 0; i < 40; i++) deep = { deeper: deep };
    expect(JSON.stringify(toRecordedJson(deep))).toContain('[too deep]');
  });
});

const step = (type: string, transitions: string[], context: unknown = {}): RecordableStep => ({ event: { type }, active: ['m.a'], context, transitions });

describe('pickPaths', () => {
  it('orders paths by the transitions they add: the widest first, then the next that adds most', () => {
    const paths = [[step('a', ['t1'])], [step('b', ['t1', 't2'])], [step('c', ['t3'])], [step('d', ['t2'])], [step('e', ['t1', 't2', 't3'])]];
    expect(pickPaths(paths, 1)).toEqual([4]);
    // After the widest one nothing new is left: the most distinct transitions, then the earliest.
    expect(pickPaths(paths, 3)).toEqual([4, 1, 0]);
    expect(pickPaths([[step('a', ['t1'])], [step('b', ['t1'])], [step('c', ['t2'])]], 5)).toEqual([0, 2, 1]);
  });
});

describe('buildPathRun', () => {
  it('keeps paths in generation order within the byte budget, the first always', () => {
    const long = (type: string, t: string) => Array.from({ length: 30 }, () => step(type, [t], { big: 'y'.repeat(150) }));
    const paths = [long('a', 't1'), long('b', 't2'), long('c', 't3')];
    const all = buildPathRun('r', 'f', paths);
    expect(all.paths.map((p) => p.steps[0]!.eventType)).toEqual(['a', 'b', 'c']);
    const onePathBytes = JSON.stringify(all.paths[0]).length;
    const two = buildPathRun('r', 'f', paths, onePathBytes * 2 + 300);
    expect(two.total).toBe(3);
    expect(two.paths.map((p) => p.steps[0]!.eventType)).toEqual(['a', 'b']);
    expect(buildPathRun('r', 'f', paths, 10).paths).toHaveLength(1);
  });


  it('numbers distinct contexts once and serialises events', () => {
    const run = buildPathRun('demo (plain)', 'test/paths/demo.paths.test.ts', [
      [step('xstate.init', [], { n: 0 }), step('failed', ['m.a:failed:0'], { n: 1, error: new Error('boom') })],
      [step('xstate.init', [], { n: 0 })],
    ]);
    expect(run).toMatchObject({ name: 'demo (plain)', testFile: 'test/paths/demo.paths.test.ts', total: 2 });
    expect(run.contexts).toEqual([{ n: 0 }, { n: 1, error: { name: 'Error', message: 'boom' } }]);
    expect(run.paths.map((p) => p.steps.map((s) => s.context))).toEqual([[0, 1], [0]]);
    expect(run.paths[0]!.steps[1]).toEqual({ eventType: 'failed', event: { type: 'failed' }, active: ['m.a'], transitions: ['m.a:failed:0'], context: 1 });
  });
});

describe('saveOrCheckRun', () => {
  const dir = mkdtempSync(join(tmpdir(), 'recorded-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = buildPathRun('Demo: plain', 'test/paths/demo.paths.test.ts', [[step('xstate.init', [])]]);

  it('names the file after the run', () => {
    expect(slugify('Registration (plain) — ÉTÉ')).toBe('registration-plain-ete');
    expect(slugify('***')).toBe('run');
    expect(recordedFile(dir, 'demo', run.name)).toBe(join(dir, 'demo', 'demo-plain.json'));
  });

  it('refuses a missing recording, writes one when recording, then accepts it', () => {
    expect(() => saveOrCheckRun({ recordedDir: dir, machineId: 'demo', run, record: false })).toThrow(
      "Recorded paths of demo ('Demo: plain') are missing (test/paths/recorded/demo/demo-plain.json): run `npm run statecharts`",
    );
    saveOrCheckRun({ recordedDir: dir, machineId: 'demo', run, record: true });
    expect(JSON.parse(readFileSync(recordedFile(dir, 'demo', run.name), 'utf8'))).toEqual(run);
    expect(() => saveOrCheckRun({ recordedDir: dir, machineId: 'demo', run, record: false })).not.toThrow();
  });

  it('refuses a recording that differs', () => {
    writeFileSync(recordedFile(dir, 'demo', run.name), JSON.stringify({ ...run, total: 9 }));
    expect(() => saveOrCheckRun({ recordedDir: dir, machineId: 'demo', run, record: false })).toThrow(
      "Recorded paths of demo ('Demo: plain') are out of date (test/paths/recorded/demo/demo-plain.json): run `npm run statecharts`",
    );
  });

  it('refuses two runs with one name, within a pass or from another test file', () => {
    const other = buildPathRun('Demo: plain', 'test/paths/other.paths.test.ts', [[step('xstate.init', [])]]);
    expect(() => saveOrCheckRun({ recordedDir: dir, machineId: 'demo', run: other, record: true })).toThrow(/two coverMachine runs of demo are named 'Demo: plain'/);
    const once = buildPathRun('once', 'test/paths/demo.paths.test.ts', []);
    saveOrCheckRun({ recordedDir: dir, machineId: 'demo', run: once, record: true });
    expect(() => saveOrCheckRun({ recordedDir: dir, machineId: 'demo', run: once, record: true })).toThrow(/two coverMachine runs/);
  });
});
