import { DEFAULTS } from '@skald/domain';

// Spec §9 "default usage-rule colour light teal": shade 1 of teal under the theme's light-variant
// text colour (teal 9 darkened, theme.ts), 8:1; solid, so it stays readable over a thumbnail.
const colour = DEFAULTS.usageRuleColour.replace(/^light /, '');

/** The colours of a usage warning (tile badge, item page banner). */
export const USAGE_WARNING_STYLE = {
  bg: `${colour}.1`,
  c: `var(--mantine-color-${colour}-light-color)`,
} as const;
