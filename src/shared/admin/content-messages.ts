/** The back-office's words for issuer content (issue 15); never in the investor catalogue. */
export const contentMessages = {
  sectionNotFound: 'This disclosure section does not exist.',
  sectionRetired: 'This disclosure section has been removed; it can no longer be changed.',
  agreementNotFound: 'This agreement or version does not exist.',
  noDocument: 'This section has no document yet.',
  notPdf: 'The file must be a PDF document.',
  pdfDoesNotOpen: 'The file starts like a PDF but does not open as one. Please export it again and upload the new file.',
  tooLarge: 'The PDF is larger than 20 MB.',
  emptyFile: 'The file is empty.',
  invalidFields: 'Please check the form: a title of 1 to 200 characters, an order from 1 to 9999 and a reading time from 0 to 36000 seconds.',
  invalidSlug: 'The short name must be lower-case letters, digits and dashes (at most 80), starting with a letter or digit.',
  slugTaken: 'A section with this short name already exists (removed sections keep theirs).',
  invalidCheckboxes: 'The checkbox list is not valid: a list of { id, text, required, critical }.',
  lastSection: 'The last disclosure section cannot be removed: investors would have nothing to read.',
  refused: 'The change was refused:',
  changedMeanwhile: 'The content was changed at the same time (by the content loader). Please reload the page and try again.',
} as const;
