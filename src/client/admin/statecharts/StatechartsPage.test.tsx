// @vitest-environment happy-dom
/**
 * The statecharts page with fixture loaders: the list by area, choosing a machine draws it and puts it in the
 * address, a state's details with its descriptions and the paths reaching it, replay from a path highlights the
 * step's states and moves with the buttons, a transition's details, a deep link to an unknown machine says so, a
 * failed list load offers a retry, the address's back button returns to the list.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_DIAGRAM, SAMPLE_INDEX } from '../../explorer/fixtures/sample-diagram.ts';
import StatechartsPage, { machineIdOf } from './StatechartsPage.tsx';
import { loadStatechartDiagram, type StatechartLoaders } from './statecharts-effects.ts';
import type { PopulationLoaders } from './lifecycle-population-effects.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(cleanup);

const loaders = (overrides: Partial<StatechartLoaders> = {}): StatechartLoaders => ({
  loadIndex: vi.fn(async () => SAMPLE_INDEX),
  loadDiagram: vi.fn(async (id: string) => {
    if (id !== 'sample') throw new Error(`There is no statechart called “${id}”.`);
    return SAMPLE_DIAGRAM;
  }),
  ...overrides,
});

const shape = (id: string) => document.querySelector(`[data-state-id="${id}"] .diagram-state`)!;

describe('StatechartsPage', () => {
  it('lists the machines by area and draws the one chosen, with the address following', async () => {
    const navigate = vi.fn();
    render(<StatechartsPage subPath="" navigate={navigate} loaders={loaders()} />);
    expect(await screen.findByRole('heading', { name: /Investor portal \(1 charts\)/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Back-office \(1 charts\)/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: /sample/ }));
    expect(await screen.findByRole('group', { name: 'Statechart of sample' })).toBeTruthy();
    expect(navigate).toHaveBeenLastCalledWith('/statecharts/sample');
    fireEvent.click(screen.getByRole('button', { name: '← All statecharts' }));
    expect(await screen.findByRole('link', { name: /other/ })).toBeTruthy();
    expect(navigate).toHaveBeenLastCalledWith('/statecharts');
  });

  it('shows a state with its descriptions and paths, and replays from a path step by step', async () => {
    render(<StatechartsPage subPath="/sample" navigate={vi.fn()} loaders={loaders()} />);
    await screen.findByRole('group', { name: 'Statechart of sample' });
    fireEvent.click(document.querySelector('[data-state-id="sample.loading"]')!);
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('Loading the data.')).toBeTruthy();
    expect(within(details).getByText(/Fetches the data from the server/)).toBeTruthy();
    expect(within(details).getByText(/Shows the spinner/)).toBeTruthy();
    expect(within(details).getByText('Transitions out (1)')).toBeTruthy();
    expect(within(details).getByText('Test paths that reach it (2)')).toBeTruthy();
    fireEvent.click(within(details).getByRole('button', { name: 'Replay sample (plain), path 1 (step 2)' }));
    expect(screen.getByRole('status').textContent).toContain('path 1: step 2 of 4');
    expect(shape('sample.loading.fetching').classList.contains('is-active')).toBe(true);
    expect(document.querySelector('[data-transition-id="sample.idle:start:0"]')!.classList.contains('is-highlighted')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(screen.getByRole('status').textContent).toContain('step 3 of 4');
    expect(shape('sample.loading.fetching').classList.contains('is-active')).toBe(false);
    expect(shape('sample.working.left.a').classList.contains('is-active')).toBe(true);
    expect(screen.getByRole('region', { name: 'Event' }).textContent).toContain('"rows": 3');
    expect(screen.getByRole('region', { name: 'Context after this step' }).textContent).toContain('"count": 1');
    fireEvent.click(screen.getByRole('button', { name: 'Last' }));
    expect((screen.getByRole('button', { name: 'Next step' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'First' }));
    expect(screen.getByRole('status').textContent).toContain('step 1 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Stop replay' }));
    expect(document.querySelectorAll('.diagram-state.is-active')).toHaveLength(0);
  });

  it('shows a transition with its guard, actions and the paths taking it; replays a path chosen in the form', async () => {
    render(<StatechartsPage subPath="/sample" navigate={vi.fn()} loaders={loaders()} />);
    await screen.findByRole('group', { name: 'Statechart of sample' });
    fireEvent.click(document.querySelector('[data-transition-id="sample.idle:start:0"]')!);
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText(/The form is filled in/)).toBeTruthy();
    expect(within(details).getByText(/Forgets the last error/)).toBeTruthy();
    expect(within(details).getByText('Test paths that take it (2)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Path'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Replay' }));
    expect(screen.getByRole('status').textContent).toContain('path 2: step 1 of 3');
  });

  it('says so for an unknown machine in the address, and a failed list can be tried again', async () => {
    render(<StatechartsPage subPath="/nope" navigate={vi.fn()} loaders={loaders()} />);
    expect((await screen.findByRole('alert')).textContent).toContain('There is no statechart called “nope”.');
    cleanup();
    let fail = true;
    const loadIndex = vi.fn(async () => {
      if (fail) throw new Error('Failed to fetch dynamically imported module');
      return SAMPLE_INDEX;
    });
    render(<StatechartsPage subPath="" navigate={vi.fn()} loaders={loaders({ loadIndex })} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch dynamically imported module');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /sample/ })).toBeTruthy();
  });

  it('follows the address when the browser goes back', async () => {
    const props = { navigate: vi.fn(), loaders: loaders() };
    const { rerender } = render(<StatechartsPage subPath="/sample" {...props} />);
    await screen.findByRole('group', { name: 'Statechart of sample' });
    rerender(<StatechartsPage subPath="" {...props} />);
    await waitFor(() => expect(screen.getByRole('link', { name: /sample/ })).toBeTruthy());
  });

  it('reads only plausible machine ids from the address and the generated files', async () => {
    expect(machineIdOf('/process')).toBe('process');
    expect(machineIdOf('/a%2Fb')).toBe('a/b');
    expect(machineIdOf('/%E0%A4%A')).toBe('%E0%A4%A');
    expect(machineIdOf('/a/b')).toBeNull();
    expect(machineIdOf('')).toBeNull();
    const files = { '../../explorer/generated/sample.json': async () => ({ default: SAMPLE_DIAGRAM }), '../../explorer/generated/index.json': async () => ({ default: [] }) };
    await expect(loadStatechartDiagram('sample', files)).resolves.toBe(SAMPLE_DIAGRAM);
    for (const bad of ['index', '../sample', 'a/b', 'x'.repeat(500), 'sample\u202e', '']) {
      await expect(loadStatechartDiagram(bad, files)).rejects.toThrow(/There is no statechart called/);
    }
  });

  it('on the lifecycle chart: the investors per state on the chart, and the list of the state clicked, page by page', async () => {
    const lifecycle = { ...SAMPLE_DIAGRAM, area: 'lifecycle' as const };
    const people: PopulationLoaders = {
      loadPopulation: vi.fn(async () => ({ counts: { sample: 3, 'sample.loading': 2, 'sample.idle': 1 }, investors: 3, anomalies: 1, asOf: '2026-11-28T10:00:00.000Z' })),
      loadInvestors: vi.fn(async ({ cursor }) => ({
        state: 'sample.loading',
        investors: [{ userId: cursor ? 'u2' : 'u1', name: cursor ? 'Grace Hopper' : 'Ada Lovelace', email: `${cursor ? 'grace' : 'ada'}@example.com`, amount: 25_000, states: ['loading.fetching'], anomalies: [] }],
        nextCursor: cursor ? null : 'u1',
      })),
    };
    render(<StatechartsPage subPath="/sample" navigate={vi.fn()} loaders={loaders({ loadDiagram: vi.fn(async () => lifecycle) })} populationLoaders={people} />);
    await screen.findByRole('group', { name: 'Statechart of sample' });
    expect(await screen.findByText(/3 investors as of/)).toBeTruthy();
    expect(screen.getByText(/1 case has records today's rules would not allow/)).toBeTruthy();
    // On the chart and in its list: the count of each state.
    expect(document.querySelector('[data-state-id="sample.loading"]')).toBeTruthy();
    expect([...document.querySelectorAll('.diagram-badge-marker text')].map((t) => t.textContent).sort()).toEqual(['1 investor', '2 investors']);
    fireEvent.click(document.querySelector('[data-state-id="sample.loading"]')!);
    const list = await screen.findByRole('region', { name: 'In sample.loading' });
    expect(await within(list).findByText('Ada Lovelace')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Show more' }));
    expect(await within(list).findByText('Grace Hopper')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(people.loadInvestors).toHaveBeenLastCalledWith({ state: 'sample.loading', cursor: 'u1' }, expect.anything());
    // A transition clicked: no state, no list.
    fireEvent.click(document.querySelector('[data-transition-id]')!);
    await waitFor(() => expect(screen.getByText('Click a state to list the investors in it.')).toBeTruthy());
  });

  it('counts nobody on a chart other than the lifecycle', async () => {
    const people: PopulationLoaders = { loadPopulation: vi.fn(async () => ({ counts: {}, investors: 0, anomalies: 0, asOf: '' })), loadInvestors: vi.fn() };
    render(<StatechartsPage subPath="/sample" navigate={vi.fn()} loaders={loaders()} populationLoaders={people} />);
    await screen.findByRole('group', { name: 'Statechart of sample' });
    expect(people.loadPopulation).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Investors on the lifecycle' })).toBeNull();
  });
});
