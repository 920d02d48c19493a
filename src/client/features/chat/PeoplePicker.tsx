/**
 * People to chat with, found by the chatter search once 3 characters are typed (our directory,
 * with the access token only, whichever chat adapter is in use): one is picked at once (a direct chat), or several are ticked and shown as removable tags.
 */
import { Button, Checkbox, FormGroup, InputGroup, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CHAT_LIMITS, CHAT_MESSAGES, type ChatUser } from '../../../shared/contracts/chat';
import { searchChatUsers } from './peopleSearch';

export type PeopleSearch = typeof searchChatUsers;

interface PeoplePickerProps {
  id: string;
  /** 'one': a click picks the person; 'many': people are ticked into `chosen`. */
  mode: 'one' | 'many';
  chosen: ChatUser[];
  onPick: (user: ChatUser) => void;
  /** People not offered (already members). */
  exclude?: readonly string[];
  search?: PeopleSearch;
}

const label = (user: ChatUser) => `${user.nickname} · ${user.brand_name}`;

export function PeoplePicker({ id, mode, chosen, onPick, exclude = [], search = searchChatUsers }: PeoplePickerProps) {
  const [term, setTerm] = useState('');
  const long = term.trim().length >= CHAT_LIMITS.userSearchMinChars;
  const found = useQuery({
    queryKey: ['chat', 'users', term.trim()],
    queryFn: () => search(term),
    enabled: long,
  });
  const offered = found.data?.filter((user) => !exclude.includes(user.userId));
  return (
    <>
      <FormGroup
        label="People"
        labelFor={id}
        helperText={term && !long ? CHAT_MESSAGES.searchTooShort : undefined}
        className="kosh-chat-dialog__field"
      >
        <InputGroup id={id} leftIcon="search" placeholder="Search people by name or firm" value={term} onValueChange={setTerm} autoFocus />
      </FormGroup>
      {mode === 'many' && chosen.length > 0 && (
        <div className="kosh-chat-dialog__chosen" aria-label="Chosen people">
          {chosen.map((u) => (
            <Tag key={u.userId} onRemove={() => onPick(u)}>
              {u.nickname}
            </Tag>
          ))}
        </div>
      )}
      <ul className="kosh-chat-dialog__people" aria-label="People found">
        {long && offered?.length === 0 && <li>No one found</li>}
        {offered?.map((user) => (
          <li key={user.userId}>
            {mode === 'one' ? (
              <Button variant="minimal" alignText="start" fill onClick={() => onPick(user)} text={label(user)} />
            ) : (
              <Checkbox
                checked={chosen.some((u) => u.userId === user.userId)}
                onChange={() => onPick(user)}
                labelElement={<>{label(user)}</>}
              />
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Ticks or unticks a person in a list of chosen people. */
export const toggled = (list: ChatUser[], user: ChatUser) =>
  list.some((u) => u.userId === user.userId) ? list.filter((u) => u.userId !== user.userId) : [...list, user];
