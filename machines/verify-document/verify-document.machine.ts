/**
 * The public /verify page (issue 16): a visitor drops or chooses a PDF; the browser refuses what cannot be a sealed
 * agreement (too large, not a PDF), computes the file's SHA-256 and asks the portal whether it issued that file:
 *   idle -> hashing -> checking -> issued | notIssued | failed   (and refused, from a choice or from hashing)
 * A file dropped or chosen at any time starts again with it: a hash or a check still running for the previous file
 * is stopped, so its answer can never be shown for the new one. Effects provided by the app: `hashFile` (Web Crypto,
 * else @noble/hashes) and `checkHash` (POST /api/verify/document with the hash only).
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { MachineMeta } from '../../src/shared/statechart-diagram.ts';
import { VERIFY_DOCUMENT, verifyWords } from '../../src/shared/verify-document.ts';
import type {
  CheckHashInput,
  CheckHashOutput,
  HashFileInput,
  HashFileOutput,
  VerifyDocumentContext,
  VerifyDocumentEvent,
  VerifyDocumentTag,
} from './verify-document.types.ts';

/** An effect's failure in words: its message when it has one (the app's effects throw the words to show), else `fallback`. */
const wordsOf = (error: unknown, fallback: string): string => (error instanceof Error && error.message ? error.message : fallback);

export const verifyDocumentMachine = setup({
  types: {} as { context: VerifyDocumentContext; events: VerifyDocumentEvent; tags: VerifyDocumentTag },
  actors: {
    hashFile: fromPromise<HashFileOutput, HashFileInput>(async () => {
      throw new Error('hashFile is provided by the app');
    }),
    checkHash: fromPromise<CheckHashOutput, CheckHashInput>(async () => {
      throw new Error('checkHash is provided by the app');
    }),
  },
  guards: {
    isTooLarge: ({ event }) => event.type === 'verify.file.choose' && event.file.size > VERIFY_DOCUMENT.maxFileBytes,
    isEmpty: ({ event }) => event.type === 'verify.file.choose' && event.file.size === 0,
    isPdf: (_, params: { output: HashFileOutput }) => params.output.kind === 'pdf',
    isIssued: (_, params: { output: CheckHashOutput }) => params.output.issued,
  },
  actions: {
    takeFile: assign(({ event }) => ({
      file: event.type === 'verify.file.choose' ? event.file : null,
      sha256: null,
      kind: null,
      title: null,
      signedAt: null,
      error: null,
    })),
    noteRefused: assign((_, params: { error: string }) => ({ error: params.error })),
    noteHash: assign((_, params: { output: HashFileOutput }) => ({ sha256: params.output.kind === 'pdf' ? params.output.sha256 : null })),
    noteIssued: assign((_, params: { output: CheckHashOutput }) =>
      params.output.issued ? { kind: params.output.kind, title: params.output.title, signedAt: params.output.signedAt } : {},
    ),
    noteFailed: assign((_, params: { error: string }) => ({ error: params.error })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'verifyDocument',
  description: 'The public /verify page: checks whether a PDF the visitor holds is a sealed agreement the portal issued, by its SHA-256 only.',
  meta: {
    descriptions: {
      guards: {
        isTooLarge: `The file is larger than VERIFY_DOCUMENT.maxFileBytes (${VERIFY_DOCUMENT.maxFileBytes / (1024 * 1024)} MB): no sealed agreement is.`,
        isEmpty: 'The file has no bytes at all.',
        isPdf: 'The file starts with the PDF signature (%PDF-).',
        isIssued: 'The portal answered that it issued a sealed agreement with this SHA-256.',
      },
      actions: {
        takeFile: 'Keeps the new file and forgets everything about the previous one (hash, answer, error).',
        noteRefused: 'Keeps the words saying why the browser refused the file.',
        noteHash: 'Keeps the SHA-256 computed in the browser, shown on the page.',
        noteIssued: "Keeps the issued document's kind, title and time from the portal's answer.",
        noteFailed: 'Keeps the words saying why the check could not be made.',
        clearError: 'Forgets the failure before checking again.',
      },
      actors: {
        hashFile: "Reads the file in the browser and computes its SHA-256 (Web Crypto, else @noble/hashes); answers 'notPdf' when it does not start like a PDF.",
        checkHash: 'Asks the portal (POST /api/verify/document) whether it issued a sealed agreement with this SHA-256; sends the hash only.',
      },
    },
  } satisfies MachineMeta,
  context: { file: null, sha256: null, kind: null, title: null, signedAt: null, error: null },
  initial: 'idle',
  on: {
    'verify.file.choose': [
      { guard: 'isTooLarge', target: '.refused', actions: ['takeFile', { type: 'noteRefused', params: { error: verifyWords.tooLarge } }] },
      { guard: 'isEmpty', target: '.refused', actions: ['takeFile', { type: 'noteRefused', params: { error: verifyWords.notPdf } }] },
      { target: '.hashing', actions: 'takeFile' },
    ],
  },
  states: {
    idle: {
      description: 'Nothing chosen yet: the drop zone and the file button wait for a PDF.',
    },
    hashing: {
      description: 'The browser reads the file and computes its SHA-256; nothing is sent.',
      tags: ['busy'],
      invoke: {
        id: 'hashFile',
        src: 'hashFile',
        input: ({ context }) => ({ file: context.file! }),
        onDone: [
          {
            guard: { type: 'isPdf', params: ({ event }) => ({ output: event.output }) },
            target: 'checking',
            actions: { type: 'noteHash', params: ({ event }) => ({ output: event.output }) },
          },
          { target: 'refused', actions: { type: 'noteRefused', params: { error: verifyWords.notPdf } } },
        ],
        onError: { target: 'refused', actions: { type: 'noteRefused', params: { error: verifyWords.unreadable } } },
      },
    },
    checking: {
      description: 'The SHA-256 (and nothing else) is sent to the portal, which answers whether it issued that file.',
      tags: ['busy'],
      invoke: {
        id: 'checkHash',
        src: 'checkHash',
        input: ({ context }) => ({ sha256: context.sha256! }),
        onDone: [
          {
            guard: { type: 'isIssued', params: ({ event }) => ({ output: event.output }) },
            target: 'issued',
            actions: { type: 'noteIssued', params: ({ event }) => ({ output: event.output }) },
          },
          { target: 'notIssued' },
        ],
        onError: { target: 'failed', actions: { type: 'noteFailed', params: ({ event }) => ({ error: wordsOf(event.error, verifyWords.failed) }) } },
      },
    },
    issued: {
      description: 'The portal issued this exact file: its title and signing date are shown, with the SHA-256.',
    },
    notIssued: {
      description: 'The portal did not issue this file, or it was changed after it was sealed.',
    },
    failed: {
      description: 'The check could not be made (no connection, too many checks): the words say why; it can be tried again.',
      on: { 'verify.retry': { target: 'checking', actions: 'clearError' } },
    },
    refused: {
      description: 'The browser refused the file before asking anything (too large, not a PDF, unreadable).',
    },
  },
});

/** A running verify-document chart, as the page holds it. */
export type VerifyDocumentActorRef = ActorRefFrom<typeof verifyDocumentMachine>;
