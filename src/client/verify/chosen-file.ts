/** A browser File as the verify-document chart takes it: name, size, and its bytes read only when hashed. */
import type { ChosenFile } from '../../../machines/verify-document/verify-document.types.ts';

export const chosenFileOf = (file: File): ChosenFile => ({ name: file.name, size: file.size, read: () => file.arrayBuffer() });
