/** The disclosure statechart's effects: the five disclosure calls and the tab's visibility. */
import { fromCallback, fromPromise } from 'xstate';
import { disclosureMachine } from '../../../machines/disclosure/disclosure.machine.ts';
import type { DisclosureData, DisclosureEvent, SaveProgressInput } from '../../../machines/disclosure/disclosure.types.ts';
import type { DisclosureProgressResponse, DisclosureSection } from '../../shared/disclosure.ts';
import type { ApiClient } from './api-client.ts';

export function provideDisclosure(api: ApiClient) {
  return disclosureMachine.provide({
    actors: {
      loadDisclosure: fromPromise<DisclosureData, void>(async () => {
        const [sections, progress] = await Promise.all([
          api.get<DisclosureSection[]>('/api/disclosure/sections'),
          api.get<DisclosureProgressResponse>('/api/disclosure/progress'),
        ]);
        return { sections, progress };
      }),
      // keepalive: the save made as the tab is hidden may be the last one before it is closed.
      saveProgress: fromPromise<DisclosureProgressResponse, SaveProgressInput>(({ input }) =>
        api.post<DisclosureProgressResponse>('/api/disclosure/save-progress', { json: input, keepalive: true }),
      ),
      completeDisclosure: fromPromise<DisclosureProgressResponse, SaveProgressInput>(({ input }) =>
        api.post<DisclosureProgressResponse>('/api/disclosure/complete', { json: input }),
      ),
      watchVisibility: fromCallback(({ sendBack }) => {
        const report = () => sendBack({ type: 'disclosure.visibility.change', hidden: document.visibilityState === 'hidden' } satisfies DisclosureEvent);
        // A page opened in a background tab starts hidden: say so at once.
        if (document.visibilityState === 'hidden') report();
        document.addEventListener('visibilitychange', report);
        return () => document.removeEventListener('visibilitychange', report);
      }),
    },
  });
}
