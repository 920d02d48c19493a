/** Page layouts (spec 01 §2) and the layout choice rule (spec 02 §2). */
export const LAYOUTS = [
  'bare',
  'dart',
  'default',
  'independentblue',
  'nofooter',
  'noheader',
  'productdart',
  'productfind',
  'settings',
] as const;
export type LayoutName = (typeof LAYOUTS)[number];

/** A route's own layout wins; otherwise signed-in users get the default layout, others no-footer. */
export function chooseLayout(routeLayout: LayoutName | undefined, signedIn: boolean): LayoutName {
  return routeLayout ?? (signedIn ? 'default' : 'nofooter');
}
