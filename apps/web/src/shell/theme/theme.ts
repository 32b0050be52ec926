import { createTheme, type Theme } from '@mui/material/styles';
import { isDarkEnvironment } from '../environment/environmentColor.ts';

export const lightTheme: Theme = createTheme({ palette: { mode: 'light' } });
export const darkTheme: Theme = createTheme({ palette: { mode: 'dark' } });

/** Prod switches the whole page to the dark theme; all others use the light theme. */
export const themeForEnvironment = (environment: string): Theme =>
  isDarkEnvironment(environment) ? darkTheme : lightTheme;
