/** The live inspector's entry for App.tsx (development builds only): the `inspect` callback and the panel. */
import { createInspectorStore } from './inspector-store.ts';

export { DevInspector } from './DevInspector.tsx';
export const devInspectorStore = createInspectorStore();
