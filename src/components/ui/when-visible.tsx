import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';

const noChanges = () => () => {};
const lacksObserver = () => typeof IntersectionObserver === 'undefined';

/**
 * Renders `children` only once the spot comes near the viewport. Below-the-fold sections (the
 * reviews carousel on Home, a tracking QR code) then cost a phone on mobile data nothing until
 * the visitor scrolls towards them. Until then `placeholder` stands in: give it the section's height (a skeleton), so
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
  // Hidden at first everywhere, prerendered HTML included, so hydration finds what it expects;
  // a browser without IntersectionObserver shows it right after.
  const [visible, setVisible] = useState(false);
  const noObserver = useSyncExternalStore(noChanges, lacksObserver, () => false);

  useEffect(() => {
    const element = ref.current;
    if (visible || noObserver || !element) return;
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
  }, [visible, noObserver, rootMargin]);

  if (visible || noObserver) return <>{children}</>;
  return <div ref={ref}>{placeholder}</div>;
}
