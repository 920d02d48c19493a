/**
 * The nine layouts of spec 01 §2. Each frames a page's content; the route table names the
 * layout, and `chooseLayout` (src/shared/layouts) picks one for routes that do not.
 */
import type { ReactNode } from 'react';
import type { LayoutName } from '../../shared/layouts';
import { AppFooter } from './AppFooter';
import { AppHeader, type NavItem } from './AppHeader';
import { LiveBadge } from './LiveBadge';
import { SettingsNav } from './SettingsNav';

type LayoutProps = { children: ReactNode };

const PRODUCT_NAV: readonly NavItem[] = [
  { to: '/product/dart', label: 'Dart' },
  { to: '/product/find', label: 'Find' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
];

const Shell = ({ name, header, footer, children }: LayoutProps & { name: LayoutName; header?: ReactNode; footer?: boolean }) => (
  <div className={`kosh-layout kosh-layout--${name}`} data-layout={name}>
    {header}
    <div className="kosh-layout__content">{children}</div>
    {footer && <AppFooter />}
  </div>
);

export const LAYOUT_COMPONENTS: Record<LayoutName, (props: LayoutProps) => ReactNode> = {
  bare: ({ children }) => <Shell name="bare">{children}</Shell>,
  default: ({ children }) => (
    <Shell name="default" header={<AppHeader />} footer>
      {children}
    </Shell>
  ),
  dart: ({ children }) => (
    <Shell name="dart" header={<AppHeader dense status={<LiveBadge />} />}>
      {children}
    </Shell>
  ),
  independentblue: ({ children }) => <Shell name="independentblue">{children}</Shell>,
  nofooter: ({ children }) => (
    <Shell name="nofooter" header={<AppHeader />}>
      {children}
    </Shell>
  ),
  noheader: ({ children }) => (
    <Shell name="noheader" footer>
      {children}
    </Shell>
  ),
  productdart: ({ children }) => (
    <Shell name="productdart" header={<AppHeader nav={PRODUCT_NAV} />} footer>
      {children}
    </Shell>
  ),
  productfind: ({ children }) => (
    <Shell name="productfind" header={<AppHeader nav={PRODUCT_NAV} />} footer>
      {children}
    </Shell>
  ),
  settings: ({ children }) => (
    <Shell name="settings" header={<AppHeader />}>
      <div className="kosh-settings">
        <SettingsNav />
        <div className="kosh-settings__page">{children}</div>
      </div>
    </Shell>
  ),
};
