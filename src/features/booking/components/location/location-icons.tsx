import { iconProps, type IconProps } from '../../../../components/ui/icons';

// Icons only the location step draws; shared ones (the map pin) live in components/ui/icons.

/** A bulleted list: "choose from the list" (not the content pages' document icon). */
export function ListIcon(props: IconProps) {
  return (
    <svg {...iconProps(props)}>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <circle cx="4.5" cy="6" r="1" />
      <circle cx="4.5" cy="12" r="1" />
      <circle cx="4.5" cy="18" r="1" />
    </svg>
  );
}
