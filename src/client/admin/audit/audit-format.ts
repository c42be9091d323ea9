/** How the audit screen words its values: times, hashes, an event's detail, the chain check's answer. */
import type { AuditChainReport, AuditEventRow } from '../../../shared/admin/audit.ts';

/** '2026-11-24 10:00:05 UTC': the trail's times are compared across people and machines, so always UTC. */
export const utcTime = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

export const hashPrefix = (hash: string): string => hash.slice(0, 12);

const DETAIL_MAX = 90;
/** The detail as 'key: value' pairs, cut short; the role has its own column. */
export function shortDetail(row: AuditEventRow): string {
  const text = Object.entries(row.detail)
    .filter(([key]) => key !== 'role')
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
  return text.length > DETAIL_MAX ? `${text.slice(0, DETAIL_MAX - 1)}…` : text;
}

const seconds = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);
const events = (n: number) => `${n.toLocaleString('en')} event${n === 1 ? '' : 's'}`;

/** The sentence for a whole chain; an empty trail is said to be nothing checked, never a pass. */
export function wholeChainText(report: AuditChainReport): string {
  if (!report.head || report.checked === 0) return `Nothing was checked: the audit trail holds no event yet. Checked in ${seconds(report.durationMs)}.`;
  return `The audit trail is unbroken: ${events(report.checked)} checked, head #${report.head.seq} (${hashPrefix(report.head.hash)}…). Checked in ${seconds(report.durationMs)}.`;
}

/** Where the answer shown comes from: the server's own check at its start, or a check asked for. */
export function chainSourceText(source: 'start' | 'staff' | null, report: AuditChainReport): string | null {
  if (source === 'start') return `Checked by the server when it started, at ${utcTime(report.checkedAt)}.`;
  if (source === 'staff') return `Last checked at ${utcTime(report.checkedAt)}.`;
  return null;
}

/** The broken link's event in words: '#7 kyc.step.saved at 2026-11-24 10:00:05 UTC'. */
export function brokenEventText(report: AuditChainReport): string | null {
  const e = report.firstBroken?.event;
  return e ? `Event #${e.seq}: ${e.action} at ${utcTime(e.at)} (id ${e.id}).` : null;
}

const KIND_WORDS = { altered: 'altered', deleted: 'deleted', truncated: 'truncated' } as const;

/** The sentences for a broken chain: the first broken link in words, with its seq and kind. */
export function brokenChainText(report: AuditChainReport): { headline: string; detail: string } {
  const b = report.firstBroken;
  const unchained = report.unchained ? ` ${events(report.unchained)} outside the chain.` : '';
  if (!b) {
    return { headline: 'The audit trail is not intact.', detail: `${unchained.trim() || 'The server found a problem outside the chain.'} Checked ${events(report.checked)} in ${seconds(report.durationMs)}.` };
  }
  return {
    headline: `The audit trail is broken at event #${b.seq} (${KIND_WORDS[b.kind]}).`,
    detail: `${b.message}${unchained} Checked ${events(report.checked)} in ${seconds(report.durationMs)}.`,
  };
}
