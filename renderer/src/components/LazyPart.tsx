import { Suspense, lazy, useLayoutEffect, type ComponentType } from 'react';
import { create } from 'zustand';
import './LazyPart.css';

/**
 * How many screens are still fetching their code. The app root says `data-app-state="ready"` only at zero, so a link
 * straight to a screen is ready when that screen is there, not when an empty frame is.
 */
export const useScreensLoading = create<{ count: number }>(() => ({ count: 0 }));

function Loading(props: { what: string; holdsReady: boolean }) {
  // A layout effect: the count changes before the browser paints or anyone reads the "ready" state.
  useLayoutEffect(() => {
    if (!props.holdsReady) return;
    useScreensLoading.setState((s) => ({ count: s.count + 1 }));
    return () => useScreensLoading.setState((s) => ({ count: s.count - 1 }));
  }, [props.holdsReady]);
  return <div className="lazy-loading" role="status" data-testid="lazy.loading">Loading {props.what}…</div>;
}

/**
 * A component whose code (and its heavy dependencies: charts, the canvas, Markdown) is fetched the first time it is
 * shown, saying what is loading meanwhile. `screen` marks a whole screen, which holds back the app's ready state.
 */
export function lazyPart<P extends object>(what: string, load: () => Promise<ComponentType<P>>, kind: 'screen' | 'part' = 'part'): ComponentType<P> {
  const Part = lazy(async () => ({ default: await load() }));
  function LazyPart(props: P) {
    return (
      <Suspense fallback={<Loading what={what} holdsReady={kind === 'screen'} />}>
        <Part {...props} />
      </Suspense>
    );
  }
  return LazyPart;
}
