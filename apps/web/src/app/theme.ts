import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A calm academic blue. */
const arandu: MantineColorsTuple = [
  '#ecf2fb',
  '#d8e2f2',
  '#acc3e5',
  '#7ea2d8',
  '#5886cd',
  '#3f74c6',
  '#316ac4',
  '#2459ad',
  '#1c4f9b',
  '#0e4389',
];

const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'arandu',
  primaryShade: { light: 7, dark: 5 },
  colors: { arandu },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { fw: 600 } },
    Paper: { defaultProps: { radius: 'md' } },
  },
});
