import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` only once the spot comes near the viewport. Below-the-fold sections (the
 * reviews carousel on Home) then cost a phone on mobile data nothing until the visitor scrolls
 * towards them. Until then `placeholder` stands in: give it the section's height (a skeleton), so
 * the page doesn't jump.
 */
export function WhenVisible({
  children,
  placeholder,
  rootMargin = '600px 0px',
}: {
  children: ReactNode;
  placeholder: ReactNode;
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
  return <div ref={ref}>{placeholder}</div>;
}
