/** The disclosure statechart's effects: the five disclosure calls and the tab's visibility. */
import { fromCallback, fromPromise } from 'xstate';
import { disclosureMachine } from '../../../machines/disclosure/disclosure.machine.ts';
import type { DisclosureData, DisclosureEvent, SaveProgressInput } from '../../../machines/disclosure/disclosure.types.ts';
import { DisclosureProgressResponseSchema, DisclosureSectionsResponseSchema, type DisclosureProgressResponse } from '../../shared/disclosure.ts';
import type { ApiClient } from './api-client.ts';

export function provideDisclosure(api: ApiClient) {
  return disclosureMachine.provide({
    actors: {
      loadDisclosure: fromPromise<DisclosureData, void>(async () => {
        const [sections, progress] = await Promise.all([
          api.get('/api/disclosure/sections', { schema: DisclosureSectionsResponseSchema }),
          api.get('/api/disclosure/progress', { schema: DisclosureProgressResponseSchema }),
        ]);
        return { sections, progress };
      }),
      // keepalive: the save made as the tab is hidden may be the last one before it is closed.
      saveProgress: fromPromise<DisclosureProgressResponse, SaveProgressInput>(({ input }) =>
        api.post('/api/disclosure/save-progress', { json: input, keepalive: true, schema: DisclosureProgressResponseSchema }),
      ),
      completeDisclosure: fromPromise<DisclosureProgressResponse, SaveProgressInput>(({ input }) =>
        api.post('/api/disclosure/complete', { json: input, schema: DisclosureProgressResponseSchema }),
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
