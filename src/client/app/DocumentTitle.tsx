/** Keeps the browser tab's title on the page the machines decided (each route its own title). */
import { useEffect } from 'react';
import { pageTitleOf } from '../../../machines/session/session.selectors.ts';
import { useDecidedPath } from './use-decided-path.ts';

export function DocumentTitle() {
  const path = useDecidedPath();
  useEffect(() => {
    document.title = pageTitleOf(path);
  }, [path]);
  return null;
}
