/**
 * The names the server gives the files it keeps: 32 random hex characters and the extension of the type detected
 * from the file's bytes (`9b1d…7a.png`). Never derived from anything a client sent, so a name is never a path; every
 * store and every route that takes a name back checks it against this pattern before anything else. The same
 * pattern guards the file-name columns in the database (STORED_FILE_NAME_SQL).
 */
import { randomBytes } from 'node:crypto';

/** The types the server stores, with the extension each gets. */
export const STORED_FILE_EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' } as const;
export type StoredFileType = keyof typeof STORED_FILE_EXTENSIONS;
export const STORED_FILE_TYPES = Object.keys(STORED_FILE_EXTENSIONS) as StoredFileType[];

/** As a PostgreSQL regular expression (written without backslashes, so it reads the same in SQL and in JS). */
export const STORED_FILE_NAME_SQL = `^[0-9a-f]{32}[.](${Object.values(STORED_FILE_EXTENSIONS).join('|')})$`;
export const STORED_FILE_NAME = new RegExp(STORED_FILE_NAME_SQL);

export const isStoredFileName = (name: string): boolean => STORED_FILE_NAME.test(name);

export const newStoredFileName = (type: StoredFileType): string => `${randomBytes(16).toString('hex')}.${STORED_FILE_EXTENSIONS[type]}`;
