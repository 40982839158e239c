import { DEFAULT_THEME, createTheme, darken, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // WCAG 2.2 AA (1.4.3): indigo 8 (#3b5bdb) is 5.7:1 on white, as text (links) and under white text
  // (buttons); Mantine's default shade 6 (#4c6ef5) is 4.3:1.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  // Keyboard users always see where they are; mouse clicks do not leave rings behind.
  focusRing: 'auto',
  // Transitions are instant for a user who asked their system for less motion (global.css stops
  // the endless animations too).
  respectReducedMotion: true,
  components: {
    // WCAG 1.4.1: a link in a line of text is told apart by more than its colour.
    Anchor: { defaultProps: { underline: 'always' } },
    // The placeholder Mantine puts first in a menu to take the focus is a child that role="menu"
    // may not hold (axe: aria-required-children); without it the first item takes the focus, as
    // the WAI-ARIA menu pattern has it.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/**
 * WCAG 2.2 AA (1.4.3) for what the theme's colours alone do not reach, in the light scheme:
 * - dimmed text: Mantine's gray 6 (#868e96) is 3.3:1 on white; this grey is 6.1:1 on white and
 *   5.1:1 on gray 2, the darkest background dimmed text sits on;
 * - placeholders: gray 5 (#adb5bd) is 2.1:1; this grey is 5.0:1 on white;
 * - the light variant (badges, light buttons): shade 9 on shade 1, and on shade 2 when hovered, is
 *   3.8 to 4.5:1 for teal, green, orange, indigo…; shade 9 darkened by a third is 4.5:1 or more
 *   on shade 2 for every colour;
 * - error text under an input: Mantine's red 6 (#fa5252) is 3.3:1 on white; red 9 is 5.4:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#697077',
    '--mantine-color-error': DEFAULT_THEME.colors.red[9],
    ...Object.fromEntries(
      Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        darken(shades[9], 0.35),
      ]),
    ),
  },
  dark: {},
});
