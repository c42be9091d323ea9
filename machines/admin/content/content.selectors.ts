/** Named reads of the content page for its view. */
import type { SnapshotFrom } from 'xstate';
import type { AgreementKey } from '../../../src/shared/legal.ts';
import type { contentMachine } from './content.machine.ts';

type S = SnapshotFrom<typeof contentMachine>;

export const selectPhase = (s: S): 'loading' | 'failed' | 'ready' => (s.matches('failed') ? 'failed' : s.matches('loading') ? 'loading' : 'ready');
export const selectContent = (s: S) => s.context.content;
export const selectActiveSections = (s: S) => s.context.content?.sections.filter((x) => x.retiredAt === null) ?? [];
export const selectRetiredSections = (s: S) => s.context.content?.sections.filter((x) => x.retiredAt !== null) ?? [];
export const selectAgreements = (s: S) => s.context.content?.agreements ?? [];
export const selectIsBusy = (s: S) => s.hasTag('busy');
export const selectIsSubmitting = (s: S) => s.matches({ ready: 'submitting' });
export const selectError = (s: S) => s.context.error;
export const selectNotice = (s: S) => s.context.notice;
export const selectPreview = (s: S) => s.context.preview;
export const selectIsEditingSection = (s: S, id: string) => s.context.editing?.kind === 'section' && s.context.editing.id === id;
export const selectIsEditingNewSection = (s: S) => s.context.editing?.kind === 'newSection';
export const selectIsEditingAgreement = (s: S, key: AgreementKey) => s.context.editing?.kind === 'agreement' && s.context.editing.key === key;
