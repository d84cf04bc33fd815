import { type ComponentType, lazy } from 'react';

/** A lazily loaded component that can also be fetched ahead of its first render. */
export type PreloadableComponent = ComponentType & { preload: () => void };

/**
 * `React.lazy` plus `preload()`: both share one import, so a chunk fetched early (the first
 * address's screen, the shell on idle) is not fetched again when it renders. A failed fetch is
 * forgotten, so a later render or preload tries again.
 */
export function lazyWithPreload<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  let loading: Promise<M> | undefined;
  const fetchModule = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const Component = lazy(() => fetchModule().then((module) => ({ default: pick(module) })));
  return Object.assign(Component, {
    preload: () => {
      fetchModule().catch(() => {
        // reported when the component renders
      });
    },
  }) as PreloadableComponent;
}
