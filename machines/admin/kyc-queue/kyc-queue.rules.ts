/** Pure rules of the queue's rows. */

/** How long a case has waited, as a reviewer reads it: '5 h' under two days, else '3 d 4 h'. */
export function waitedText(hours: number): string {
  if (hours < 48) return `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest ? `${days} d ${rest} h` : `${days} d`;
}
