/**
 * A link inside the back-office: a real <a href> (open in a new tab, copy the address), and a plain click asks the
 * admin-session chart to go there instead of reloading the page.
 */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { addressOf } from '../../../../machines/admin/admin-session/admin-route.rules.ts';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; go: (location: string) => void };

const plainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

export function AdminLink({ to, go, onClick, ...rest }: Props) {
  return (
    <a
      {...rest}
      href={addressOf(to)}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || !plainClick(e)) return;
        e.preventDefault();
        go(to);
      }}
    />
  );
}
