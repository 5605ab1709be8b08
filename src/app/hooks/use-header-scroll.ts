import { useEffect, useState } from 'react';
import {
  initialHeaderScrollState,
  nextHeaderScrollState,
  scrollProgress,
  type HeaderScrollState,
} from './header-scroll';

/** Reads the scroll position once per animation frame at most: cheap on a slow phone. */
export function useHeaderScroll(): HeaderScrollState & { progress: number } {
  const [state, setState] = useState<HeaderScrollState & { progress: number }>({
    ...initialHeaderScrollState,
    progress: 0,
  });

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      const doc = document.documentElement;
      setState((prev) => {
        const next = nextHeaderScrollState(prev, y);
        const progress = scrollProgress(y, doc.scrollHeight, window.innerHeight);
        if (next === prev && Math.abs(progress - prev.progress) < 0.001) return prev;
        return { ...next, progress };
      });
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  return state;
}
