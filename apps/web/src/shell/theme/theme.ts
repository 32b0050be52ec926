import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { isDarkEnvironment } from '../environment/environmentColor.ts';

// What both themes add to MUI's defaults, for keyboard users and for contrast.
const sharedOptions = (focusRing: string): ThemeOptions => {
  const ring = { outline: `2px solid ${focusRing}`, outlineOffset: 2 };
  // Inside a menu, a list or a tab bar the ring is drawn inside the item: outside it would be clipped.
  const insetRing = { '&.Mui-focusVisible': { ...ring, outlineOffset: -2 } };
  return {
    components: {
      // Every control focused from the keyboard shows the same solid ring: MUI's own cue (a faint ripple on
      // switches, checkboxes and icon buttons) is hard to see.
      MuiCssBaseline: { styleOverrides: { ':focus-visible': ring } },
      MuiButtonBase: {
        styleOverrides: {
          // A control waiting for its call (components/busy.ts) stays focusable and says so to the pointer.
          root: { '&.Mui-focusVisible': ring, '&[aria-disabled="true"]': { cursor: 'progress' } },
        },
      },
      MuiMenuItem: { styleOverrides: { root: insetRing } },
      MuiListItemButton: { styleOverrides: { root: insetRing } },
      MuiTab: { styleOverrides: { root: insetRing } },
      // A row chosen with the keyboard (the pickers' rows take the focus): MUI removes a row's outline.
      MuiTableRow: { styleOverrides: { root: { '&:focus-visible': { ...ring, outlineOffset: -2 } } } },
      // A disabled field's hint still explains something (what the field would take, why it is off): it keeps
      // readable contrast, unlike the field itself.
      MuiFormHelperText: {
        styleOverrides: {
          root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
        },
      },
      // A field is at least as wide as its label, so the label is never cut ("Race le…"): a short number
      // field's input alone would size it by its hint. An invisible copy of the label, as wide as the label is
      // in the empty field (body1, 14 px in from each side), gives the field that width.
      MuiTextField: {
        styleOverrides: {
          root: ({ ownerState, theme }) =>
            typeof ownerState.label === 'string' && !ownerState.fullWidth
              ? {
                  '&::after': {
                    ...theme.typography.body1,
                    content: JSON.stringify(`${ownerState.label}${ownerState.required ? ' *' : ''}`),
                    display: 'block',
                    height: 0,
                    paddingInline: '14px',
                    overflow: 'hidden',
                    visibility: 'hidden',
                    whiteSpace: 'nowrap',
                  },
                }
              : {},
        },
      },
      // Menus open inside the page's landmarks instead of at the end of the document, where screen readers
      // find them outside any region: the navigation's next to their button, in the banner. A select's list
      // opens at the end of the main landmark: rendered inside the field, it never got the focus, so the
      // keyboard could neither move in it nor close it. Inside an open dialog the list opens where MUI puts
      // it by default (the end of the document, above the dialog): the dialog hides the main landmark from
      // assistive technology and keeps the focus out of it.
      MuiMenu: { defaultProps: { disablePortal: true } },
      MuiSelect: {
        defaultProps: {
          MenuProps: {
            disablePortal: false,
            container: () =>
              document.querySelector('[role="dialog"]')
                ? document.body
                : (document.querySelector('main') ?? document.body),
          },
        },
      },
    },
  };
};

// MUI's light warning (#ed6c02) with white text is 3:1, below the 4.5:1 text needs (filled chips and
// buttons): dark text on it is above 7:1.
export const lightTheme: Theme = createTheme({
  palette: { mode: 'light', warning: { main: '#ed6c02', contrastText: 'rgba(0, 0, 0, 0.87)' } },
  ...sharedOptions('#1565c0'),
});
export const darkTheme: Theme = createTheme({ palette: { mode: 'dark' }, ...sharedOptions('#90caf9') });

/** Prod switches the whole page to the dark theme; all others use the light theme. */
export const themeForEnvironment = (environment: string): Theme =>
  isDarkEnvironment(environment) ? darkTheme : lightTheme;
