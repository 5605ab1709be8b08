/** Spec: confetti for 4 seconds, 400 pieces. */
export const CONFETTI_DURATION_MS = 4000;
export const CONFETTI_PIECES = 400;
const BURSTS = 8;
const BURST_EVERY_MS = 300;

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/**
 * Celebrates a confirmed order. canvas-confetti is fetched only here, and draws on a canvas we
 * create (not one it injects), in a worker where the browser allows: no inline script, nothing
 * the CSP would refuse. Returns a function that stops and removes it early.
 */
export function celebrate(): () => void {
  if (prefersReducedMotion()) return () => {};
  let stopped = false;
  const timers: ReturnType<typeof setTimeout>[] = [];
  let canvas: HTMLCanvasElement | null = null;
  let reset: (() => void) | null = null;

  const stop = () => {
    stopped = true;
    timers.forEach(clearTimeout);
    reset?.();
    canvas?.remove();
    canvas = null;
  };

  void import('canvas-confetti')
    .then(({ default: confetti }) => {
      if (stopped) return;
      canvas = document.createElement('canvas');
      canvas.className = 'confetti-canvas';
      canvas.setAttribute('aria-hidden', 'true');
      document.body.appendChild(canvas);
      const fire = confetti.create(canvas, {
        resize: true,
        useWorker: true,
        disableForReducedMotion: true,
      });
      reset = () => fire.reset();
      const perBurst = CONFETTI_PIECES / BURSTS;
      for (let i = 0; i < BURSTS; i += 1) {
        timers.push(
          setTimeout(() => {
            void fire({
              particleCount: perBurst,
              spread: 70 + (i % 3) * 20,
              startVelocity: 42,
              ticks: 220,
              origin: { x: 0.2 + (i * 0.6) / (BURSTS - 1), y: 0.55 },
            });
          }, i * BURST_EVERY_MS),
        );
      }
      timers.push(setTimeout(stop, CONFETTI_DURATION_MS));
    })
    .catch(() => {
      // A celebration that fails to load is no error for the customer.
    });

  return stop;
}
