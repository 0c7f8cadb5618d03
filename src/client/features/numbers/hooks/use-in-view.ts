import { useEffect, useRef, useState } from 'react';

/**
 * Calls `onVisible` whenever the element given to the returned callback ref comes near the
 * viewport (infinite scroll sentinel). `deps` re-arm the observer, e.g. after a page loaded.
 */
export function useInView<T extends Element>(
  onVisible: () => void,
  rearm: unknown = undefined,
  rootMargin = '600px',
) {
  const [el, setEl] = useState<T | null>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [el, rootMargin, rearm]);
  return setEl;
}
