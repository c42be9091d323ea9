// @vitest-environment happy-dom
/**
 * The browser watcher reports Back even when the app's own push came and went between two polls (issue 31: the
 * address showed the agreements while the payment page stayed on screen).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import type { SessionEvent } from '../../../machines/session/session.types.ts';
import { watchBrowser } from './browser-watch.ts';

function watch() {
  const seen: SessionEvent[] = [];
  const parent = setup({ actors: { watchBrowser } }).createMachine({
    invoke: { src: 'watchBrowser' },
    on: { '*': { actions: ({ event }) => void seen.push(event as SessionEvent) } },
  });
  const actor = createActor(parent).start();
  return { seen, stop: () => actor.stop() };
}

afterEach(() => vi.useRealTimers());

describe('watchBrowser', () => {
  it('reports Back to the address the poll saw last (the app pushed and the user went back between two polls)', () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/process/agreements');
    const { seen, stop } = watch();
    window.history.pushState(null, '', '/process/payment'); // the app moved on; no poll ran yet
    window.history.replaceState(null, '', '/process/agreements'); // what Back leaves in the address bar
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(seen).toEqual([{ type: 'session.route.request', path: '/process/agreements' }]);
    stop();
  });

  it('reports an address changed without an announcement at the next poll, once', () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/process/kyc');
    const { seen, stop } = watch();
    window.history.replaceState(null, '', '/process/disclosure');
    vi.advanceTimersByTime(1_000);
    expect(seen).toEqual([{ type: 'session.route.request', path: '/process/disclosure' }]);
    stop();
    window.history.replaceState(null, '', '/process/payment');
    vi.advanceTimersByTime(1_000);
    expect(seen).toHaveLength(1);
  });
});
