/**
 * ag-grid for every grid of the app: the community modules they use, registered once, and a
 * theme that follows the app's light or dark theme.
 */
import {
  CellStyleModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  colorSchemeDarkBlue,
  ModuleRegistry,
  RowApiModule,
  RowStyleModule,
  themeQuartz,
  ValidationModule,
  type Module,
} from 'ag-grid-community';
import { useTheme } from '../app/theme';

const modules: Module[] = [ClientSideRowModelModule, ClientSideRowModelApiModule, RowApiModule, RowStyleModule, CellStyleModule];
// Validation explains misconfigured grids in development only; it is heavy for production.
if (import.meta.env.DEV) modules.push(ValidationModule);
ModuleRegistry.registerModules(modules);

const base = themeQuartz.withParams({ fontFamily: 'inherit', headerFontWeight: 600, wrapperBorderRadius: 3, rowHeight: 38 });
const LIGHT_GRID_THEME = base;
const DARK_GRID_THEME = base.withPart(colorSchemeDarkBlue).withParams({ backgroundColor: '#252a31', headerBackgroundColor: '#2f343c' });

/** The grid theme matching the app theme. */
export function useGridTheme() {
  return useTheme() === 'dark' ? DARK_GRID_THEME : LIGHT_GRID_THEME;
}
