import type { Theme } from '../../theme/theme';

const HEX = /^#[0-9a-f]{6}$/i;

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((offset) => parseInt(hex.slice(offset, offset + 2), 16)) as [number, number, number];
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours (1 … 21). */
export function contrast(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour mixed towards black by `amount` (0 … 1), hue kept. */
function darken(hex: string, amount: number): string {
  return toHex(channels(hex).map((value) => value * (1 - amount)) as [number, number, number]);
}

/** WCAG AA for normal text. */
const READABLE = 4.5;

/**
 * The pool's primary colour as the accent of its hosted pages. Buttons carry white text and links
 * sit on the light page, so a colour too light for either (a bright yellow, say) is darkened in
 * small steps, hue kept, until both read at 4.5:1 — a brand colour never makes a page fail WCAG.
 * An invalid colour leaves the platform's own accent.
 */
export function accentOf(primaryColor: string, theme: Theme): { accent: string; hover: string } | null {
  if (!HEX.test(primaryColor)) return null;
  let accent = primaryColor.toLowerCase();
  for (let step = 0; step < 40 && contrast(accent, theme.colors.background) < READABLE; step += 1)
    accent = darken(accent, 0.05);
  return { accent, hover: darken(accent, 0.15) };
}

/** The platform's theme with the pool's accent (see accentOf). */
export function brandTheme(theme: Theme, primaryColor: string): Theme {
  const brand = accentOf(primaryColor, theme);
  if (!brand) return theme;
  return {
    ...theme,
    colors: { ...theme.colors, primary: brand.accent, primaryHover: brand.hover, primaryText: '#ffffff' },
  } as Theme;
}
