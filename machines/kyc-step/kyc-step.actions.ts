/**
 * Actions the KYC step charts share, written once. Each is made for the chart's own context and events (call it with
 * them as type arguments inside `setup({ actions })`): XState types an action by the whole machine it runs in, so
 * one action object cannot serve several charts, but one definition can.
 */
import { assign, type EventObject } from 'xstate';
import type { KycStatusResponse } from '../../src/shared/kyc.ts';
import { messages } from '../../src/shared/messages.ts';
import type { UploadProgress } from './kyc-step.actors.ts';
import { failureText } from './kyc-step.rules.ts';

/** What every step chart keeps of its save. */
export type SavedStepContext = { status: KycStatusResponse | null; error: string | null };
/** What a chart that uploads one file at a time keeps of the upload's progress. */
export type UploadingContext = { progress: UploadProgress | null };

/**
 * `assign` for a shared action: the update writes only fields every such context has, which TypeScript cannot see
 * through a generic context, hence the one cast.
 */
const assignShared = <TContext extends TBase, TEvent extends EventObject, TParams extends object, TBase extends object>(
  update: (params: TParams) => Partial<TBase>,
) => assign<TContext, TEvent, TParams, TEvent, never>((_, params) => update(params) as Partial<TContext>);

/** The save's two outcomes: the server's new status (clearing the step's error), or the catalogue's save failure. */
export const saveOutcomeActions = <TContext extends SavedStepContext, TEvent extends EventObject>() => ({
  keepStatus: assignShared<TContext, TEvent, { status: KycStatusResponse }, SavedStepContext>(({ status }) => ({ status, error: null })),
  noteSaveFailed: assignShared<TContext, TEvent, { error: unknown }, SavedStepContext>(({ error }) => ({
    error: failureText(error, messages.kyc.saveFailed),
  })),
});

/** A `kyc.upload.progress` report of the one upload under way. */
export const noteUploadProgress = <TContext extends UploadingContext, TEvent extends EventObject>() =>
  assignShared<TContext, TEvent, UploadProgress, UploadingContext>(({ loaded, total }) => ({ progress: { loaded, total } }));
