/** The signed-in user's menu: who and where, profile pages, sign out. */
import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useNavigate } from 'react-router';

export function UserMenu({ name, client, busy = false }: { name: string; client: string; busy?: boolean }) {
  const navigate = useNavigate();
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu>
          <MenuDivider title={client} />
          <MenuItem icon="person" text="Profile" onClick={() => navigate('/profile')} />
          <MenuItem icon="office" text="Client profile" onClick={() => navigate('/client/profile')} />
          <MenuDivider />
          <MenuItem icon="log-out" text="Sign out" onClick={() => navigate('/auth/logout')} />
        </Menu>
      }
    >
      <Button variant="minimal" icon="user" endIcon="caret-down" text={name} data-testid="user-menu" aria-busy={busy} />
    </PopoverNext>
  );
}
