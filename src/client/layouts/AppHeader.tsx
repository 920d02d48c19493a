/** The top bar: brand, main sections, theme toggle and the sign-in link. */
import { Alignment, Intent, Navbar, NavbarDivider, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useSessionProfile, useSignedInUser } from '../app/sessionView';
import { mayChat } from '../../shared/accessPolicy';
import { useSystem } from '../app/system';
import { UserMenu } from './UserMenu';
import { Link, NavLink, useLocation } from 'react-router';
import { useBrand } from '../app/appConfig';
import { LOGIN_PATH } from '../../shared/pageRoutes';
import { LinkButton } from '../ui/LinkButton';
import { SupportButton } from '../features/support/SupportButton';
import { OpenOrdersBadge, TRANSACTIONS_PATH } from '../features/transactions/OpenOrdersBadge';
import { ThemeToggle } from './ThemeToggle';
import { ChatUnreadBadge } from '../features/chat/ChatLink';

const CHAT_PATH = '/chat';

export interface NavItem {
  to: string;
  label: string;
}

const MAIN_NAV: readonly NavItem[] = [
  { to: '/dart', label: 'Dart' },
  { to: '/find', label: 'Find' },
  { to: TRANSACTIONS_PATH, label: 'Transactions' },
  { to: '/inventory', label: 'Inventory' },
  { to: CHAT_PATH, label: 'Chat' },
];

/** The header; `nav` replaces the main sections (product pages show their own); `status` shows before the theme toggle. */
export function AppHeader({ nav = MAIN_NAV, dense = false, status }: { nav?: readonly NavItem[]; dense?: boolean; status?: ReactNode }) {
  const brand = useBrand();
  const user = useSignedInUser();
  const profile = useSessionProfile();
  // View-only users (viewers, compliance) cannot chat: no Chat link for them.
  const shownNav = profile && !mayChat(profile.user_info.roles) ? nav.filter((item) => item.to !== CHAT_PATH) : nav;
  const { session } = useSystem();
  // A refresh or sign-out in progress shows nowhere else: the user menu tells assistive tech.
  const sessionBusy = useSelector(session, (s) => s.hasTag('busy'));
  // Until the session is restored nobody is known to be signed out: no Sign in button yet.
  const sessionLoading = useSelector(session, (s) => s.hasTag('loading'));
  const onLoginPage = useLocation().pathname === LOGIN_PATH;
  return (
    <Navbar className={`kosh-header${dense ? ' kosh-header--dense' : ''}`}>
      <NavbarGroup align={Alignment.START}>
        <NavbarHeading>
          <Link to="/" className="kosh-brand">
            {brand}
          </Link>
        </NavbarHeading>
        <NavbarDivider />
        <nav className="kosh-header__nav" aria-label="Main">
          {shownNav.map((item) => (
            <NavLink key={item.to} to={item.to} className={({ isActive }) => `kosh-nav-link${isActive ? ' kosh-nav-link--active' : ''}`}>
              {item.label}
              {item.to === TRANSACTIONS_PATH && <OpenOrdersBadge />}
              {item.to === CHAT_PATH && user.name && <ChatUnreadBadge />}
            </NavLink>
          ))}
        </nav>
      </NavbarGroup>
      <NavbarGroup align={Alignment.END}>
        {status}
        {user.name && <SupportButton />}
        <ThemeToggle />
        {user.name ? (
          <UserMenu name={user.name} client={user.client} busy={sessionBusy} />
        ) : (
          !onLoginPage &&
          !sessionLoading && (
            <LinkButton to={LOGIN_PATH} text="Sign in" variant="outlined" intent={Intent.PRIMARY} className="kosh-header__signin" />
          )
        )}
      </NavbarGroup>
    </Navbar>
  );
}
