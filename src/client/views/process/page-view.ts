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

type ViewState<P> = { View: ComponentType<P> | null; failed: boolean };

/** The page's view while it loads (null), once loaded, or failed (with the retry that loads it again). */
export function usePageView<P>(page: PageView<P>): ViewState<P> & { retry: () => void } {
  const [state, setState] = useState<ViewState<P>>(() => ({ View: page.loaded(), failed: false }));
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let shown = true;
    const already = page.loaded();
    // A component is a function: setState would call it as an updater, so it goes inside an object.
    if (already) setState({ View: already, failed: false });
    else {
      setState({ View: null, failed: false });
      page.load().then(
        (View) => shown && setState({ View, failed: false }),
        (error: unknown) => {
          console.error('A page view failed to load', error);
          if (shown) setState({ View: null, failed: true });
        },
      );
    }
    return () => {
      shown = false;
    };
  }, [page, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
