import {
  createTheme,
  darken,
  luminance,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineTheme,
} from '@mantine/core';

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

/** Filled colours use these shades; cssVariablesResolver darkens them where white text would not be readable. */
const PRIMARY_SHADE = { light: 7, dark: 5 } as const;

const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';

/** The names of a calendar's arrows, for every date field. */
const CALENDAR_LABELS = {
  previousMonth: 'Mes anterior',
  nextMonth: 'Mes siguiente',
  previousYear: 'Año anterior',
  nextYear: 'Año siguiente',
  previousDecade: 'Década anterior',
  nextDecade: 'Década siguiente',
  // The level buttons keep the name they show ('noviembre 2026'): another would not match it (axe
  // label-content-name-mismatch).
};

/** A select's list of options: the list itself scrolls past 220 px (Mantine's height for its scroll area). */
const OPTIONS_SCROLL = { maxHeight: 220, overflowY: 'auto' } as const;
/** Select and MultiSelect: a named clear button and a list of options that scrolls itself (below). */
const CLEARABLE_LIST = {
  defaultProps: { clearButtonProps: { 'aria-label': 'Borrar' }, withScrollArea: false },
  styles: { options: OPTIONS_SCROLL },
};

export const theme = createTheme({
  primaryColor: 'arandu',
  primaryShade: PRIMARY_SHADE,
  colors: { arandu },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { fw: 600 } },
    Paper: { defaultProps: { radius: 'md' } },
    // The clear (x) button of clearable inputs has no text: name it once for every screen (axe button-name).
    // A long list of options scrolls itself, not a scroll area inside it: a keyboard scrolls it with the arrows
    // from the box (the combobox pattern), which axe knows of a combobox's list but not of an inner scroller
    // (scrollable-region-focusable, serious: the 'Alumno' of the correlative exceptions and of 'Rectificar acta').
    Select: CLEARABLE_LIST,
    MultiSelect: CLEARABLE_LIST,
    Autocomplete: { defaultProps: { withScrollArea: false }, styles: { options: OPTIONS_SCROLL } },
    // The calendars' arrows have no text either (axe button-name, critical; issue 43 item 3).
    DateInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Borrar fecha' }, ariaLabels: CALENDAR_LABELS } },
    DatePickerInput: {
      defaultProps: { clearButtonProps: { 'aria-label': 'Borrar fecha' }, ariaLabels: CALENDAR_LABELS },
    },
    DatePicker: { defaultProps: { ariaLabels: CALENDAR_LABELS } },
    // 'Calendario académico' shows a bare Calendar (month view): its arrows need the same names.
    Calendar: { defaultProps: { ariaLabels: CALENDAR_LABELS } },
    DateTimePicker: { defaultProps: { ariaLabels: CALENDAR_LABELS } },
    // A figure typed stays as typed, out of range too: the form refuses it with its message. Mantine's
    // default clamps it on blur, so 150 in a 0-100 field would be saved as 100 without a word.
    NumberInput: { defaultProps: { clampBehavior: 'none' } },
    // The close (x) of every modal, drawer and toast has no text either (axe button-name, issue 34).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
    // 24 px targets at least (WCAG 2.2, 2.5.8; issue 34 item 14): Mantine's default checkbox is 20 px.
    Checkbox: { defaultProps: { size: 'md' } },
    // The menu's hidden first-focus placeholder (a div with tabindex) is a child a role="menu" may not have (axe
    // aria-required-children, critical; issue 34 item 8): without it, the first item takes the focus instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A table wider than its frame scrolls inside it, and a keyboard user must be able to reach it to scroll it:
    // its scroller takes the focus (axe scrollable-region-focusable, serious; issue 43: the plan's 'Alertas
    // tempranas' and the homework modal's scores at 390 px). Here once, for every table and the ones to come,
    // as the DataList does for its own; the global focus ring shows where the focus is.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } },
      // A toast's message is what it says, not a footnote: the body text colour, not the dimmed one that read
      // at 3.3:1 on a warning (issue 34 item 8).
      styles: { description: { color: 'var(--mantine-color-text)' } },
    },
  },
});

/** WCAG AA for normal text. */
const MIN_TEXT_CONTRAST = 4.5;
const contrastWithWhite = (color: string) => 1.05 / (luminance(color) + 0.05);

/** The colour, darkened in small steps until white text on it reaches AA (teal, green, orange, yellow need it). */
function darkEnoughForWhite(color: string): string {
  let result = color;
  for (let step = 0; step < 12 && contrastWithWhite(result) < MIN_TEXT_CONTRAST; step++) result = darken(result, 0.08);
  return result;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** In the dark scheme, the first shade from 4 towards 0 that reads at AA on the dark body (links, subtle text). */
function lightEnoughOn(shades: readonly string[], background: string): string {
  for (let shade = 4; shade > 0; shade--)
    if (contrast(shades[shade]!, background) >= MIN_TEXT_CONTRAST) return shades[shade]!;
  return shades[0]!;
}

/** Filled backgrounds (white text on them) of every colour, for one scheme's primary shade. */
function filledVariables(t: MantineTheme, shade: number) {
  return Object.fromEntries(
    Object.entries(t.colors).flatMap(([name, shades]) => {
      const filled = darkEnoughForWhite(shades[shade]!);
      return [
        [`--mantine-color-${name}-filled`, filled],
        [`--mantine-color-${name}-filled-hover`, darken(filled, 0.1)],
      ];
    }),
  );
}

/**
 * The contrast fixes of issue 15 (WCAG AA, 4.5:1 for text), once for every screen instead of screen by screen:
 * - dimmed text: gray-6 on white is 3.3:1, dark-2 on dark-7 4.0:1; it takes the next darker (lighter) grey;
 * - light badges and buttons: shade 9 on shade 1 is 2.9:1 for yellow, 3.6:1 for orange; the text is darkened;
 * - filled badges and buttons: white on teal-5 is 2.1:1; the background is darkened until white reaches AA;
 * - placeholders (gray-5 on white 2.1:1) and, in dark, links and subtle text (arandu-4 on dark-7 4.2:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // gray-5 on white is 2.1:1, gray-6 3.3:1; this grey is 4.7:1 and still lighter than typed text.
    '--mantine-color-placeholder': '#6c757d',
    ...filledVariables(t, PRIMARY_SHADE.light),
    ...Object.fromEntries(
      Object.entries(t.colors).map(([name, shades]) => [`--mantine-color-${name}-light-color`, darken(shades[9], 0.3)]),
    ),
    // Coloured text on white (a red 'Salir', c="red"): shade 6 is 3.3:1 for red; darkened until AA.
    ...Object.fromEntries(
      Object.entries(t.colors).map(([name, shades]) => [`--mantine-color-${name}-text`, darkEnoughForWhite(shades[6])]),
    ),
    // Field errors under inputs (red-6 on white, 3.6:1).
    '--mantine-color-error': darkEnoughForWhite(t.colors.red[6]),
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // Placeholders read as text too (a date picker's placeholder is a span): dark-3 on dark-6 is 2.9:1;
    // this grey is 4.8:1 on an input and still darker than typed text.
    '--mantine-color-placeholder': '#9a9a9a',
    '--mantine-color-anchor': lightEnoughOn(t.colors[t.primaryColor]!, t.colors.dark[7]),
    '--mantine-color-error': lightEnoughOn(t.colors.red, t.colors.dark[7]),
    ...filledVariables(t, PRIMARY_SHADE.dark),
    ...Object.fromEntries(
      Object.entries(t.colors).map(([name, shades]) => [
        `--mantine-color-${name}-text`,
        lightEnoughOn(shades, t.colors.dark[7]),
      ]),
    ),
  },
});
