import { useLayoutEffect, useRef, useState } from 'react';

export type Size = { width: number; height: number };

/**
 * The size of the element `ref` is on, kept current as its container grows or shrinks: a chart draws at
 * the width it is given instead of a fixed one. Zero until the first layout.
 */
export function useElementSize<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize((old) => (old.width === width && old.height === height ? old : { width, height }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}
