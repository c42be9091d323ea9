/** The signature pad under each legal agreement (legal.ts); the spec quotes none of these words. */
export const signaturePadMessages = {
  signaturePad: {
    label: 'Signature',
    canvasLabel: 'Signature drawing area',
    drawHint: "Sign inside the box with a mouse, a finger or a pen. To use the keyboard, choose 'Type your name instead'.",
    typedPreviewLabel: 'Preview of your typed signature',
    clear: 'Clear',
    undo: 'Undo',
    typeInstead: 'Type your name instead',
    drawInstead: 'Draw your signature instead',
    nameLabel: 'Your full name',
    nameHint: 'Your name is written in a handwriting style as your signature.',
    empty: 'No signature yet',
    preparing: 'Preparing your signature...',
    ready: 'Signature ready',
    exportFailed: 'Your signature could not be prepared. Please try again.',
    tryAgain: 'Try Again',
    signedAlt: 'Your signature on this signed agreement',
    signed: 'Signed. The signature can no longer be changed.',
    loading: 'Loading the signature pad...',
  },
} as const;
