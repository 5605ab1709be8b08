/**
 * The layout's breakpoints, in rem so they follow the visitor's font size. Every `@media` width
 * in the stylesheets is one of these (`min-width: 48rem`) or just below one (`max-width:
 * 47.99rem`), and the scripts' media queries are built from them; breakpoints.node.test.ts
 * fails on any other width.
 */
export const BREAKPOINTS_REM = {
  /** Large phones. */
  narrow: 30,
  /** Small tablets, phones held sideways. */
  phablet: 40,
  /** Tablets: the header's menu opens into a bar. */
  tablet: 48,
  /** Laptops. */
  desktop: 60,
  /** Wide screens. */
  wide: 75,
} as const;

export type Breakpoint = keyof typeof BREAKPOINTS_REM;

/** `(min-width: 48rem)`: at least as wide as the breakpoint. */
export function atLeast(breakpoint: Breakpoint): string {
  return `(min-width: ${BREAKPOINTS_REM[breakpoint]}rem)`;
}

/** `(max-width: 47.99rem)`: narrower than the breakpoint. */
export function below(breakpoint: Breakpoint): string {
  return `(max-width: ${BREAKPOINTS_REM[breakpoint] - 0.01}rem)`;
}
