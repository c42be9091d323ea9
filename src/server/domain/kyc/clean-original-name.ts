/**
 * The name the investor's file had, kept as data only (shown in the summary, offered as the download name) and
 * never used in a path. Whatever the browser sent is reduced to its last path segment, stripped of control and
 * format characters (including bidirectional overrides that disguise an extension), normalised and capped.
 */
import type { KycFileType } from '../../../shared/kyc.ts';
import { STORED_FILE_EXTENSIONS } from '../../storage/stored-name.ts';

const ORIGINAL_NAME_MAX_CHARS = 200;

export function cleanOriginalName(raw: string | undefined, type: KycFileType): string {
  const lastSegment = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .trim();
  const capped = Array.from(cleaned).slice(0, ORIGINAL_NAME_MAX_CHARS).join('').trim();
  return capped === '' || capped === '.' || capped === '..' ? `document.${STORED_FILE_EXTENSIONS[type]}` : capped;
}
