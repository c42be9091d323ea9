/** Disclosure review (disclosure.ts). */
export const disclosureMessages = {
  disclosure: {
    loadingDetail: 'Loading disclosure documents...',
    badge: { locked: 'Locked', pending: 'Pending', inProgress: 'In Progress', complete: 'Complete', available: 'Available', completed: 'Completed' },
    documentNotAvailable: 'Document Not Available',
    documentNotAvailableDetail: 'This document has not been provided yet. Please contact support before you continue.',
    proceed: 'Proceed to KYC Verification',
    proceeding: 'Saving...',
    reviewTitle: 'Review Your Completed Disclosures',
    reviewCompletedOn: (date: string) => `Completed on ${date}`,
    returnToCurrentStep: 'Return to Current Step',
    emptyTitle: 'No Disclosure Sections Available',
    emptyBody: 'No documents have been uploaded yet',
    loadFailed: 'Failed to load disclosure sections. Please refresh the page.',
    retry: 'Retry Loading',
    authRequired: 'Authentication required. Please refresh the page.',
    saveCompletionFailed: 'Failed to save completion. Please try again.',
    incomplete: 'Please complete all disclosure sections first.',
    minReading: (minutes: string) => `Minimum reading time: ${minutes}`,
    timeRead: (time: string) => `Time read: ${time}`,
    requirementsTitle: 'To complete this section:',
    /** The missing minutes of reading (rounded up), with the exact time left; under a minute it says so. */
    missingReading: (seconds: number, clock: string) => {
      const minutes = Math.ceil(seconds / 60);
      return seconds < 60 ? `Keep reading for less than a minute more (${clock} left)` : `Keep reading for ${minutes} more minute${minutes === 1 ? '' : 's'} (${clock} left)`;
    },
    missingScroll: 'Scroll to the bottom of the document',
    lockedHint: 'Complete the previous section to unlock this one.',
    sectionComplete: 'Section complete',
    allComplete: 'All disclosure sections are complete.',
    progressSummary: (done: number, total: number) => `${done} of ${total} sections complete`,
    saveFailed: 'Your reading progress could not be saved. It will be retried automatically.',
    sectionLocked: 'Please complete the previous disclosure section first.',
    unknownSection: 'Unknown disclosure section.',
  },
} as const;
