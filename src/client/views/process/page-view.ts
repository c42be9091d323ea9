/**
 * A page's view loaded in a chunk of its own, as its chart is (machines/process/process.pages.ts): the first script
 * of the login page and of every other page carries neither. The import starts when the page is shown, alongside the
 * chart's, and is kept once loaded (a page shown again renders at once); a failed import is tried again on retry.
 */
import { useCallback, useEffect, useState, type ComponentType } from 'react';

export interface PageView<P> {
  /** The view once its chunk has loaded, else null. */
  loaded: () => ComponentType<P> | null;
  /** Starts the import (again after a failure) and answers the view. */
  load: () => Promise<ComponentType<P>>;
}

export function pageView<P>(importView: () => Promise<ComponentType<P>>): PageView<P> {
  let view: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const load = () =>
    (loading ??= importView().then(
      (loadedView) => (view = loadedView),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  return { loaded: () => view, load };
}

type ViewState<P> = { page: PageView<P>; View: ComponentType<P> | null; failed: boolean };

/**
 * The page's view while it loads (null), once loaded, or failed (with the retry that loads it again). The state
 * names the page it belongs to: when the page changes, a view of the page before is never answered for the new one
 * (its chart may already run, and the old view would render the new page's chart).
 */
export function usePageView<P>(page: PageView<P>): Omit<ViewState<P>, 'page'> & { retry: () => void } {
  const [state, setState] = useState<ViewState<P>>(() => ({ page, View: page.loaded(), failed: false }));
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let shown = true;
    // A component is a function: setState would call it as an updater, so it goes inside an object.
    if (page.loaded()) setState({ page, View: page.loaded(), failed: false });
    else {
      setState({ page, View: null, failed: false });
      page.load().then(
        (View) => shown && setState({ page, View, failed: false }),
        (error: unknown) => {
          console.error('A page view failed to load', error);
          if (shown) setState({ page, View: null, failed: true });
        },
      );
    }
    return () => {
      shown = false;
    };
  }, [page, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const current = state.page === page ? state : { View: page.loaded(), failed: false };
  return { View: current.View, failed: current.failed, retry };
}
