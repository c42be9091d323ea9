/**
 * The address bar's changes, for a session chart of either app: Back and Forward (popstate), and a 200 ms poll for
 * history changes nobody announced. `read` says which part of the address counts (the investor app: the path; the
 * back-office: path and query); `report` gets it. Answers the stop, for a callback actor's cleanup.
 *
 * The poll only sees a change when the address differs from what it saw last. The app's own move (its route sync's
 * push) may come and go between two polls: Back right after it lands on the very address the poll saw before, and a
 * poll alone would report nothing while the page of the pushed address stays on screen (issue 31). So Back and
 * Forward are always reported; asking for the page already shown changes nothing.
 */
import { TIMINGS } from '../../shared/constants.ts';

export function watchAddress(read: () => string, report: (address: string) => void): () => void {
  let last = read();
  const send = () => {
    last = read();
    report(last);
  };
  const poll = window.setInterval(() => {
    if (read() !== last) send();
  }, TIMINGS.routePollMs);
  window.addEventListener('popstate', send);
  return () => {
    window.clearInterval(poll);
    window.removeEventListener('popstate', send);
  };
}
