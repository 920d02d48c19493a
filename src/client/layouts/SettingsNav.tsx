/** The side menu of the settings layout. */
import { Menu, MenuItem } from '@blueprintjs/core';
import { useLocation, useNavigate } from 'react-router';

const ITEMS = [
  { to: '/profile', label: 'Profile', icon: 'person' },
  { to: '/client/profile', label: 'Client profile', icon: 'office' },
  { to: '/manage-users', label: 'Manage users', icon: 'people' },
  { to: '/exchange-credentials', label: 'Exchange credentials', icon: 'key' },
] as const;

export function SettingsNav() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Menu className="kosh-settings-nav" aria-label="Settings">
      {ITEMS.map((item) => (
        <MenuItem key={item.to} icon={item.icon} text={item.label} active={pathname === item.to} onClick={() => navigate(item.to)} />
      ))}
    </Menu>
  );
}
