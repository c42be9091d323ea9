/**
 * The signed documents (spec sections 2 "Downloads page", 3 "Documents", 7): GET /api/downloads/list and the file
 * at /api/downloads/file/{id}. A document is an agreement as the investor signed it, sealed by the foundation.
 */
import * as v from 'valibot';
import { AGREEMENT_KEYS } from './legal.ts';

/** One signed document: `section` is the agreement's key, `type` its media type, `size` in bytes. */
export const SignedDocumentSchema = v.object({
  id: v.pipe(v.string(), v.uuid()),
  section: v.picklist(AGREEMENT_KEYS),
  title: v.string(),
  type: v.literal('application/pdf'),
  size: v.pipe(v.number(), v.integer(), v.minValue(1)),
  signedAt: v.string(),
});
export type SignedDocument = v.InferOutput<typeof SignedDocumentSchema>;

/**
 * Spec "Documents": documents, hasSignedDocuments, message. `pending` counts the signed agreements whose sealed
 * document is still being made, so the page can say 'Documents Not Generated Yet' and look again by itself.
 */
export const DocumentsResponseSchema = v.object({
  documents: v.array(SignedDocumentSchema),
  hasSignedDocuments: v.boolean(),
  message: v.string(),
  pending: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type DocumentsResponse = v.InferOutput<typeof DocumentsResponseSchema>;

/** The path of a signed document's file (what a Download button fetches). */
export const signedDocumentPath = (id: string) => `/api/downloads/file/${id}`;
