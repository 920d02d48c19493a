/**
 * What members and operators do to a chat from its header (spec 02 §4, issue #10): rename
 * (operators), invite more people (members of a group or trading group; a broadcast list's
 * operators), the banned people with unban (operators), and leave — leaving asks first.
 */
import {
  Alert,
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Menu,
  MenuItem,
  NonIdealState,
  Popover,
} from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChatChannel, ChatUser } from '../../../shared/contracts/chat';
import { useChat } from './chatContext';
import { useChatAction } from './chatErrors';
import { PeoplePicker, toggled } from './PeoplePicker';

type Open = 'rename' | 'invite' | 'banned' | 'leave' | null;

/** Who may do what here; the server checks the same. */
export function channelPermissions(channel: ChatChannel) {
  const operator = channel.myRole === 'operator';
  const named = channel.customType !== 'direct';
  return {
    rename: operator && named,
    invite: channel.customType === 'broadcast' ? operator : named,
    unban: operator && named,
  };
}

export function ChannelActions({ channel, name }: { channel: ChatChannel; name: string }) {
  const [open, setOpen] = useState<Open>(null);
  const may = channelPermissions(channel);
  const close = () => setOpen(null);
  const menu = (
    <Menu aria-label="Chat actions">
      {may.rename && <MenuItem icon="edit" text="Rename…" onClick={() => setOpen('rename')} />}
      {may.invite && <MenuItem icon="new-person" text="Invite people…" onClick={() => setOpen('invite')} />}
      {may.unban && <MenuItem icon="blocked-person" text="Banned people…" onClick={() => setOpen('banned')} />}
      <MenuItem icon="log-out" text="Leave chat…" intent="danger" onClick={() => setOpen('leave')} />
    </Menu>
  );
  return (
    <>
      <Popover content={menu} placement="bottom-end">
        <Button variant="outlined" size="small" icon="more" aria-label="Chat actions" />
      </Popover>
      {open === 'rename' && <RenameDialog channel={channel} onClose={close} />}
      {open === 'invite' && <InviteDialog channel={channel} onClose={close} />}
      {open === 'banned' && <BannedDialog channel={channel} onClose={close} />}
      <LeaveAlert channel={channel} name={name} isOpen={open === 'leave'} onClose={close} />
    </>
  );
}

function RenameDialog({ channel, onClose }: { channel: ChatChannel; onClose: () => void }) {
  const { client, store } = useChat();
  const run = useChatAction();
  const [name, setName] = useState(channel.name);
  const save = () =>
    run(async () => {
      store.open(await client.rename(channel.url, name.trim()));
      onClose();
    });
  return (
    <Dialog isOpen title="Rename chat" onClose={onClose} canEscapeKeyClose>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) void save();
        }}
      >
        <DialogBody>
          <FormGroup label="Name" labelFor="kosh-chat-rename">
            <InputGroup id="kosh-chat-rename" value={name} maxLength={100} onValueChange={setName} autoFocus />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" variant="outlined" onClick={onClose} />
              <Button type="submit" intent="primary" text="Rename" disabled={!name.trim() || name.trim() === channel.name} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

function InviteDialog({ channel, onClose }: { channel: ChatChannel; onClose: () => void }) {
  const { client, store } = useChat();
  const run = useChatAction();
  const [chosen, setChosen] = useState<ChatUser[]>([]);
  const invite = () =>
    run(async () => {
      store.open(
        await client.invite(
          channel.url,
          chosen.map((u) => u.userId),
        ),
      );
      onClose();
    });
  return (
    <Dialog isOpen title="Invite people" onClose={onClose} canEscapeKeyClose>
      <DialogBody>
        <PeoplePicker
          id="kosh-chat-invite"
          mode="many"
          chosen={chosen}
          onPick={(u) => setChosen((list) => toggled(list, u))}
          exclude={channel.members.map((m) => m.userId)}
        />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" variant="outlined" onClick={onClose} />
            <Button
              intent="primary"
              text={chosen.length > 1 ? `Invite ${chosen.length} people` : 'Invite'}
              disabled={chosen.length === 0}
              onClick={() => void invite()}
            />
          </>
        }
      />
    </Dialog>
  );
}

function BannedDialog({ channel, onClose }: { channel: ChatChannel; onClose: () => void }) {
  const { client } = useChat();
  const queryClient = useQueryClient();
  const run = useChatAction();
  const key = ['chat', 'banned', channel.url];
  const banned = useQuery({ queryKey: key, queryFn: () => client.bannedUsers(channel.url), retry: false });
  const unban = (user: ChatUser) =>
    run(async () => {
      await client.unban(channel.url, user.userId);
      await queryClient.invalidateQueries({ queryKey: key });
    });
  return (
    <Dialog isOpen title="Banned people" onClose={onClose} canEscapeKeyClose>
      <DialogBody>
        {banned.error && (
          <p role="alert" className="kosh-chat-composer__error">
            {banned.error.message}
          </p>
        )}
        {banned.data?.length === 0 && <NonIdealState icon="people" description="No one is banned from this chat." />}
        <ul className="kosh-chat-dialog__people" aria-label="Banned people">
          {banned.data?.map((user) => (
            <li key={user.userId} className="kosh-chat-dialog__row">
              <span>
                {user.nickname} · {user.brand_name}
              </span>
              <Button size="small" variant="outlined" text="Unban" aria-label={`Unban ${user.nickname}`} onClick={() => void unban(user)} />
            </li>
          ))}
        </ul>
      </DialogBody>
      <DialogFooter actions={<Button text="Close" onClick={onClose} />} />
    </Dialog>
  );
}

function LeaveAlert({ channel, name, isOpen, onClose }: { channel: ChatChannel; name: string; isOpen: boolean; onClose: () => void }) {
  const { client, store } = useChat();
  const run = useChatAction();
  const leave = () =>
    run(async () => {
      await client.leave(channel.url);
      store.drop(channel.url);
    });
  return (
    <Alert
      isOpen={isOpen}
      intent="danger"
      icon="log-out"
      confirmButtonText="Leave"
      cancelButtonText="Cancel"
      canEscapeKeyCancel
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        void leave();
      }}
    >
      <p>Leave {name}? You will no longer see its messages unless you are invited again.</p>
    </Alert>
  );
}
