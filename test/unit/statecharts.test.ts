import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fromCallback, setup } from 'xstate';
import { generateStatecharts, renderMermaid } from '../../src/tools/statecharts.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('statechart diagrams', () => {
  // CPU-bound (every machine's diagram generated, about 10 s alone on these machines): room for a run that shares the
  // cores with another test file (vitest.config.ts: two at a time).
  it('docs/statecharts matches what the machines generate (else run `npm run statecharts`)', { timeout: 60_000 }, async () => {
    const { changed } = await generateStatecharts({ root: repoRoot, check: true });
    expect(changed, 'out-of-date diagrams: run `npm run statecharts`').toEqual([]);
  });

  it('draws nesting, parallel regions, initial and final states, guards, delays, invokes and always', () => {
    const machine = setup({
      guards: { isReady: () => true },
      delays: { TICK: 1000 },
      actors: { worker: fromCallback(() => {}) },
    }).createMachine({
      id: 'demo',
      initial: 'idle',
      states: {
        idle: { on: { start: { guard: 'isReady', target: 'running' }, poke: {} } },
        running: {
          type: 'parallel',
          invoke: { src: 'worker', id: 'w1' },
          states: {
            left: { initial: 'a', states: { a: { after: { TICK: 'b' } }, b: { type: 'final' } } },
            right: { initial: 'c', states: { c: { after: { 500: 'd' } }, d: { always: '#demo.done' } } },
          },
          onDone: 'done',
        },
        done: { type: 'final' },
      },
    });
    expect(renderMermaid(machine)).toBe(
      [
        'stateDiagram-v2',
        '  [*] --> demo_idle',
        '  state "idle" as demo_idle',
        '  state "running" as demo_running',
        '  state demo_running {',
        '    state "left" as demo_running_left',
        '    state demo_running_left {',
        '      [*] --> demo_running_left_a',
        '      state "a" as demo_running_left_a',
        '      state "b" as demo_running_left_b',
        '      demo_running_left_b --> [*]',
        '      demo_running_left_a --> demo_running_left_b : after(TICK)',
        '    }',
        '    --',
        '    state "right" as demo_running_right',
        '    state demo_running_right {',
        '      [*] --> demo_running_right_c',
        '      state "c" as demo_running_right_c',
        '      state "d" as demo_running_right_d',
        '      demo_running_right_c --> demo_running_right_d : after(500)',
        '    }',
        '  }',
        '  demo_running : invoke worker as w1',
        '  state "done" as demo_done',
        '  demo_done --> [*]',
        '  demo_idle --> demo_running : start [isReady]',
        '  demo_idle --> demo_idle : poke',
        '  demo_running --> demo_done : done',
        '  demo_running_right_d --> demo_done : always',
      ].join('\n'),
    );
  });

  describe('on a machines/ folder of its own', () => {
    // Inside the repository (ignored /tmp) so the sample machine resolves 'xstate' from node_modules.
    const base = join(repoRoot, 'tmp');
    mkdirSync(base, { recursive: true });
    const roots: string[] = [];
    afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
    const makeRoot = (extraEvent: string) => {
      const root = mkdtempSync(join(base, 'statecharts-'));
      roots.push(root);
      mkdirSync(join(root, 'machines', 'toggle'), { recursive: true });
      writeFileSync(
        join(root, 'machines', 'toggle', 'toggle.machine.ts'),
        `import { createMachine } from 'xstate';
export const notAMachine = { root: 1 };
export const toggleMachine = createMachine({
  id: 'toggle',
  initial: 'off',
  states: { off: { on: { flip: 'on' } }, on: { on: { flip: 'off', ${extraEvent}: 'off' } } },
});
`,
      );
      return root;
    };

    it('writes one diagram per machine and an index, then checks clean', async () => {
      const root = makeRoot('reset');
      const first = await generateStatecharts({ root, check: false });
      expect(first.changed).toEqual([
        'docs/statecharts/README.md',
        'docs/statecharts/toggle.md',
        'src/client/explorer/generated/index.json',
        'src/client/explorer/generated/toggle.json',
      ]);
      const doc = readFileSync(join(root, 'docs/statecharts/toggle.md'), 'utf8');
      expect(doc).toContain('```mermaid\nstateDiagram-v2\n  [*] --> toggle_off');
      expect(doc).toContain('toggle_on --> toggle_off : reset');
      expect(readFileSync(join(root, 'docs/statecharts/README.md'), 'utf8')).toContain(
        '| [toggle](toggle.md) | `machines/toggle/toggle.machine.ts` | 2 | 3 | 0 | 0 |',
      );
      expect((await generateStatecharts({ root, check: true })).changed).toEqual([]);
    });

    it('names the diagrams that differ after a machine changes, and stale ones, without writing', async () => {
      const before = makeRoot('reset');
      await generateStatecharts({ root: before, check: false });
      const after = makeRoot('clear');
      cpSync(join(before, 'docs'), join(after, 'docs'), { recursive: true });
      cpSync(join(before, 'src'), join(after, 'src'), { recursive: true });
      writeFileSync(join(after, 'docs/statecharts/gone.md'), readFileSync(join(after, 'docs/statecharts/toggle.md'), 'utf8'));
      writeFileSync(join(after, 'src/client/explorer/generated/gone.json'), '{}\n');
      writeFileSync(join(after, 'docs/statecharts/notes.md'), 'hand-written, not ours\n');
      const { changed } = await generateStatecharts({ root: after, check: true });
      expect(changed).toEqual([
        'docs/statecharts/gone.md',
        'docs/statecharts/toggle.md',
        'src/client/explorer/generated/gone.json',
        'src/client/explorer/generated/toggle.json',
      ]);
      expect(readFileSync(join(after, 'docs/statecharts/toggle.md'), 'utf8')).toContain(': reset');

      await generateStatecharts({ root: after, check: false });
      expect(existsSync(join(after, 'docs/statecharts/gone.md'))).toBe(false);
      expect(existsSync(join(after, 'src/client/explorer/generated/gone.json'))).toBe(false);
      expect(existsSync(join(after, 'docs/statecharts/notes.md'))).toBe(true);
      expect((await generateStatecharts({ root: after, check: true })).changed).toEqual([]);
    });
  });
});
