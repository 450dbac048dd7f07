import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Mixes `hex` with white (amount > 0) or black (amount < 0). */
function mix(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const target = amount > 0 ? 255 : 0;
  const a = Math.abs(amount);
  return `#${channels
    .map((c) => Math.round(c + (target - c) * a))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** A 10-shade tuple whose shade 6 is `base`. */
export function shades(base: string): MantineColorsTuple {
  return [
    mix(base, 0.92),
    mix(base, 0.82),
    mix(base, 0.66),
    mix(base, 0.48),
    mix(base, 0.3),
    mix(base, 0.14),
    base,
    mix(base, -0.12),
    mix(base, -0.24),
    mix(base, -0.36),
  ];
}

/** docs/product/SPEC.md §9 colour names. */
export const BRAND = {
  primary: '#1f4e8c',
  secondary: '#12857a',
  tertiary: '#6b4fbb',
  link: '#1c6ed6',
  info: '#0b7fbf',
  success: '#2b8a3e',
  warning: '#e67700',
  danger: '#d6336c',
  black: '#1f2328',
  gray: '#868e96',
  lightGray: '#ced4da',
  red: '#e03131',
} as const;

export const ADMIN_CONTENT_BG = '#f1f3f5';

const FONT =
  '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", "Noto Sans CJK JP", "Yu Gothic", "YuGothic", Meiryo, system-ui, sans-serif';

export const theme = createTheme({
  primaryColor: 'primary',
  primaryShade: 6,
  black: BRAND.black,
  fontFamily: FONT,
  headings: { fontFamily: FONT, fontWeight: '700' },
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  defaultRadius: 'sm',
  cursorType: 'pointer',
  focusRing: 'auto',
  colors: {
    primary: shades(BRAND.primary),
    secondary: shades(BRAND.secondary),
    tertiary: shades(BRAND.tertiary),
    link: shades(BRAND.link),
    info: shades(BRAND.info),
    success: shades(BRAND.success),
    warning: shades(BRAND.warning),
    danger: shades(BRAND.danger),
    black: shades(BRAND.black),
    gray: [
      '#f8f9fa',
      '#f1f3f5',
      '#e9ecef',
      '#dee2e6',
      '#ced4da',
      '#adb5bd',
      '#868e96',
      '#495057',
      '#343a40',
      '#212529',
    ],
    lightGray: shades(BRAND.lightGray),
    red: shades(BRAND.red),
  },
  breakpoints: { xs: '36em', sm: '48em', md: '64em', lg: '76em', xl: '88em' },
  other: { adminContentBg: ADMIN_CONTENT_BG, tooltipWidths: { sm: 180, md: 240, lg: 300 } },
  components: {
    Autocomplete: { defaultProps: { maxDropdownHeight: 200 } },
    Select: { defaultProps: { maxDropdownHeight: 200, comboboxProps: { withinPortal: true } } },
    // Japanese names for the controls Mantine and react-dropzone label in English
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'パスワードを表示する' } } },
    Dropzone: { defaultProps: { inputProps: { 'aria-label': 'ファイルを選択' } } },
  },
});
