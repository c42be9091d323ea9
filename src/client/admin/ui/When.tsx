import { staffDateTime } from './staff-time.ts';

/** A moment as the back-office writes it, machine-readable in its dateTime attribute; `fallback` when there is none. */
export function When({ iso, fallback = '—' }: { iso: string | null | undefined; fallback?: string }) {
  return iso ? <time dateTime={iso}>{staffDateTime(iso)}</time> : <>{fallback}</>;
}
