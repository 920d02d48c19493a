/** The ag-grid modules the finder and bond pages use, registered once; the grid theme follows the app theme. */
import {
  CellStyleModule, ClientSideRowModelApiModule, ClientSideRowModelModule, colorSchemeDarkBlue, ModuleRegistry, RowApiModule, RowStyleModule,
  themeQuartz, ValidationModule, type Module,
} from 'ag-grid-community';

const modules: Module[] = [ClientSideRowModelModule, ClientSideRowModelApiModule, RowApiModule, RowStyleModule, CellStyleModule];
// Validation explains misconfigured grids in development only; it is heavy for production.
if (import.meta.env.DEV) modules.push(ValidationModule);
ModuleRegistry.registerModules(modules);

const base = themeQuartz.withParams({ fontFamily: 'inherit', headerFontWeight: 600, wrapperBorderRadius: 3, rowHeight: 38 });
export const LIGHT_GRID_THEME = base;
export const DARK_GRID_THEME = base.withPart(colorSchemeDarkBlue).withParams({ backgroundColor: '#252a31', headerBackgroundColor: '#2f343c' });
