import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` only once the spot comes near the viewport. Below-the-fold sections (the
 * reviews carousel on Home) then cost a phone on mobile data nothing until the visitor scrolls
 * towards them. The placeholder keeps roughly the section's height so the page doesn't jump.
 */
export function WhenVisible({
  children,
  minBlockSize = '28rem',
  rootMargin = '600px 0px',
}: {
  children: ReactNode;
  minBlockSize?: string;
  rootMargin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (visible || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, rootMargin]);

  if (visible) return <>{children}</>;
  return <div ref={ref} style={{ minBlockSize }} aria-hidden="true" />;
}
