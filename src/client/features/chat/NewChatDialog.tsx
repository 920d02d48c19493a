/**
 * Start a chat: a direct chat with one person, a group or trading group with a name and people, or
 * a broadcast list (spec 02: one message to many direct chats) with a name, its recipients and the
 * first message — each recipient gets it in their direct chat with me, and later messages to the
 * list go the same way. People are found by the chatter search once 3 characters are typed.
 */
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, SegmentedControl, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { CHAT_LIMITS, type ChatUser } from '../../../shared/contracts/chat';
import { useChat } from './chatContext';
import { useChatAction } from './chatErrors';
import { PeoplePicker, toggled, type PeopleSearch } from './PeoplePicker';

type Kind = 'direct' | 'group' | 'trading_group' | 'broadcast';
const KINDS = [
  { value: 'direct', label: 'Direct' },
  { value: 'group', label: 'Group' },
  { value: 'trading_group', label: 'Trading group' },
  { value: 'broadcast', label: 'Broadcast list' },
];

export function NewChatDialog({ isOpen, onClose, search }: { isOpen: boolean; onClose: () => void; search?: PeopleSearch }) {
  const { client, store } = useChat();
  const run = useChatAction();
  const [kind, setKind] = useState<Kind>('direct');
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [chosen, setChosen] = useState<ChatUser[]>([]);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setChosen([]);
    setName('');
    setMessage('');
    setKind('direct');
    onClose();
  };
  const pick = (user: ChatUser) => {
    if (kind !== 'direct') {
      setChosen((list) => toggled(list, user));
      return;
    }
    void run(async () => {
      store.open(await client.createChannel({ customType: 'direct', invitedUserIds: [user.userId] }));
      close();
    });
  };
  const create = async () => {
    setBusy(true);
    await run(async () => {
      const channel = await client.createChannel({
        customType: kind as Exclude<Kind, 'direct'>,
        name: name.trim(),
        invitedUserIds: chosen.map((u) => u.userId),
      });
      store.open(channel);
      // The list exists before its first message: a failed send leaves it there to send again.
      if (kind === 'broadcast') await client.sendUserMessage(channel.url, { reqId: crypto.randomUUID(), message: message.trim() });
      close();
    });
    setBusy(false);
  };
  const ready = chosen.length > 0 && name.trim() !== '' && (kind !== 'broadcast' || message.trim() !== '');
  return (
    <Dialog isOpen={isOpen} onClose={close} title="New chat" canEscapeKeyClose>
      <DialogBody>
        <SegmentedControl options={KINDS} value={kind} onValueChange={(value) => setKind(value as Kind)} aria-label="Chat type" />
        {kind === 'broadcast' && (
          <p className="kosh-chat-dialog__hint">Each person gets your message in their direct chat with you; they do not see each other.</p>
        )}
        {kind !== 'direct' && (
          <FormGroup label={kind === 'broadcast' ? 'List name' : 'Name'} labelFor="kosh-chat-name" className="kosh-chat-dialog__field">
            <InputGroup id="kosh-chat-name" value={name} maxLength={100} onValueChange={setName} />
          </FormGroup>
        )}
        <PeoplePicker id="kosh-chat-people" mode={kind === 'direct' ? 'one' : 'many'} chosen={chosen} onPick={pick} search={search} />
        {kind === 'broadcast' && (
          <FormGroup label="Message" labelFor="kosh-chat-broadcast-message" className="kosh-chat-dialog__field">
            <TextArea
              id="kosh-chat-broadcast-message"
              value={message}
              fill
              maxLength={CHAT_LIMITS.messageMaxChars}
              onChange={(e) => setMessage(e.target.value)}
            />
          </FormGroup>
        )}
      </DialogBody>
      {kind !== 'direct' && (
        <DialogFooter
          actions={
            <Button
              intent="primary"
              text={kind === 'broadcast' ? 'Send broadcast' : 'Create'}
              loading={busy}
              disabled={!ready}
              onClick={() => void create()}
            />
          }
        />
      )}
    </Dialog>
  );
}
