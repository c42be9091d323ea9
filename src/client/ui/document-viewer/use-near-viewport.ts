import { useEffect, useState, type RefObject } from 'react';

/**
 * True while the element is within about two viewport heights of the scroll area, so only pages
 * near the reader hold a drawn canvas (a 300% page on a HiDPI screen is tens of megabytes).
 */
export function useNearViewport(target: RefObject<HTMLElement | null>, root: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries[entries.length - 1];
        if (last) setNear(last.isIntersecting);
      },
      { root: root.current, rootMargin: '200% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, root]);
  return near;
}
