import type { MoveType } from '../../../domain/pricing';

// One small pictogram per service, drawn on the same 24px grid as components/ui/icons. They
// are decorative (the label says what the service is) and symmetric enough to need no mirroring.
const PATHS: Record<MoveType, string> = {
  // Truck: a whole home on the road.
  full: 'M1 5h13v11H1zM14 9h4.5L22 12.5V16h-8zM3.5 18a2 2 0 1 0 4 0 2 2 0 1 0-4 0M15.5 18a2 2 0 1 0 4 0 2 2 0 1 0-4 0',
  // Armchair: a few pieces.
  partial:
    'M5 11V7a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v4M3 11a2 2 0 0 1 2 2v2h14v-2a2 2 0 1 1 4 0v5H1v-5a2 2 0 0 1 2-2zM5 18v2M19 18v2',
  // Office building.
  office:
    'M4 21V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v17M16 9h3a1 1 0 0 1 1 1v11M2 21h20M8 7h4M8 11h4M8 15h4',
  // Taped box.
  packaging: 'M3 7.5 12 3l9 4.5v9L12 21l-9-4.5zM3 7.5l9 4.5 9-4.5M12 12v9M7.5 5.25l9 4.5',
  // Boxes going up and down.
  loading: 'M7 21V9M3 13l4-4 4 4M17 3v12M13 11l4 4 4-4',
};

export function MoveTypeIcon({ type, className }: { type: MoveType; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={['icon', className].filter(Boolean).join(' ')}
    >
      <path d={PATHS[type]} />
    </svg>
  );
}
