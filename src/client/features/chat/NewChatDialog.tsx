/**
 * Start a chat: a direct chat with one person, or a group / trading group with a name and people.
 * People are found by the chatter search once 3 characters are typed.
 */
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, SegmentedControl, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CHAT_LIMITS, CHAT_MESSAGES, type ChatUser } from '../../../shared/contracts/chat';
import { useChat } from './chatContext';
import { useChatAction } from './chatErrors';
import { searchChatUsers } from './peopleSearch';

type Kind = 'direct' | 'group' | 'trading_group';
const KINDS = [{ value: 'direct', label: 'Direct' }, { value: 'group', label: 'Group' }, { value: 'trading_group', label: 'Trading group' }];

export function NewChatDialog({ isOpen, onClose, search = searchChatUsers }: { isOpen: boolean; onClose: () => void; search?: typeof searchChatUsers }) {
  const { client, store } = useChat();
  const run = useChatAction();
  const [kind, setKind] = useState<Kind>('direct');
  const [name, setName] = useState('');
  const [term, setTerm] = useState('');
  const [chosen, setChosen] = useState<ChatUser[]>([]);
  const long = term.trim().length >= CHAT_LIMITS.userSearchMinChars;
  const found = useQuery({
    queryKey: ['chat', 'users', term.trim()],
    queryFn: () => search(term),
    enabled: isOpen && long,
  });
  const close = () => { setTerm(''); setChosen([]); setName(''); setKind('direct'); onClose(); };
  const pick = (user: ChatUser) => {
    if (kind === 'direct') {
      void run(async () => { store.open(await client.createChannel({ customType: 'direct', invitedUserIds: [user.userId] })); close(); });
      return;
    }
    setChosen((list) => (list.some((u) => u.userId === user.userId) ? list.filter((u) => u.userId !== user.userId) : [...list, user]));
  };
  const create = () => run(async () => {
    store.open(await client.createChannel({ customType: kind, name: name.trim(), invitedUserIds: chosen.map((u) => u.userId) }));
    close();
  });

  return (
    <Dialog isOpen={isOpen} onClose={close} title="New chat" canEscapeKeyClose>
      <DialogBody>
        <SegmentedControl options={KINDS} value={kind} onValueChange={(value) => setKind(value as Kind)} aria-label="Chat type" />
        {kind !== 'direct' && (
          <FormGroup label="Name" labelFor="kosh-chat-name" className="kosh-chat-dialog__field">
            <InputGroup id="kosh-chat-name" value={name} maxLength={100} onValueChange={setName} />
          </FormGroup>
        )}
        <FormGroup label="People" labelFor="kosh-chat-people" helperText={term && !long ? CHAT_MESSAGES.searchTooShort : undefined} className="kosh-chat-dialog__field">
          <InputGroup id="kosh-chat-people" leftIcon="search" placeholder="Search people by name or firm" value={term} onValueChange={setTerm} autoFocus />
        </FormGroup>
        {chosen.length > 0 && <div className="kosh-chat-dialog__chosen">{chosen.map((u) => <Tag key={u.userId} onRemove={() => pick(u)}>{u.nickname}</Tag>)}</div>}
        <ul className="kosh-chat-dialog__people" aria-label="People found">
          {long && found.data?.length === 0 && <li>No one found</li>}
          {found.data?.map((user) => (
            <li key={user.userId}>
              {kind === 'direct'
                ? <Button variant="minimal" alignText="start" fill onClick={() => pick(user)} text={`${user.nickname} · ${user.brand_name}`} />
                : <Checkbox checked={chosen.some((u) => u.userId === user.userId)} onChange={() => pick(user)} labelElement={<>{user.nickname} · {user.brand_name}</>} />}
            </li>
          ))}
        </ul>
      </DialogBody>
      {kind !== 'direct' && (
        <DialogFooter actions={<Button intent="primary" text="Create" disabled={chosen.length === 0 || !name.trim()} onClick={() => void create()} />} />
      )}
    </Dialog>
  );
}
