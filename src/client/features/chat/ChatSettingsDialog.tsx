/**
 * Chat security preferences (spec 01 §1 "chat, with per-user security preferences", §3): who may
 * start a direct chat with me, whether others see me online, and whether notifications of new
 * messages show their text. Saved together; the session profile then holds the server's answer.
 */
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Radio, RadioGroup, Switch } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Session } from '../../../shared/contracts/auth';
import type { ChatPreferences, DirectChatFrom } from '../../../shared/contracts/chat';
import { sessionKey } from '../../app/sessionQueries';
import { showToast } from '../../ui/toaster';
import { useChatAction } from './chatErrors';
import { preferencesOfSession, saveChatPreferences } from './chatPreferences';

const DIRECT_FROM_LABELS: Record<DirectChatFrom, string> = {
  anyone: 'Anyone',
  firm: 'People at my firm',
  counterparties: 'People at my firm and at firms we have traded with',
};

export function ChatSettingsDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const session = useQuery<Session>({ queryKey: sessionKey, enabled: false });
  const [draft, setDraft] = useState<ChatPreferences>(() => preferencesOfSession(session.data));
  const [busy, setBusy] = useState(false);
  const run = useChatAction();
  const change = <K extends keyof ChatPreferences>(key: K, value: ChatPreferences[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const save = async () => {
    setBusy(true);
    const ok = await run(() => saveChatPreferences(queryClient, draft));
    setBusy(false);
    if (ok) {
      void showToast({ severity: 'success', summary: 'Chat settings saved' });
      onClose();
    }
  };
  return (
    <Dialog isOpen title="Chat settings" onClose={onClose} canEscapeKeyClose>
      <DialogBody>
        <RadioGroup
          label="Who may start a direct chat with me"
          name="kosh-chat-direct-from"
          selectedValue={draft.direct_chat_from}
          onChange={(e) => change('direct_chat_from', e.currentTarget.value as DirectChatFrom)}
        >
          {(Object.keys(DIRECT_FROM_LABELS) as DirectChatFrom[]).map((value) => (
            <Radio key={value} value={value} label={DIRECT_FROM_LABELS[value]} />
          ))}
        </RadioGroup>
        <FormGroup className="kosh-chat-dialog__field" helperText="Chats that already exist stay open.">
          <Switch
            checked={draft.show_online_status}
            label="Show when I am online"
            onChange={(e) => change('show_online_status', e.currentTarget.checked)}
          />
          <Switch
            checked={draft.message_previews}
            label="Show message text in notifications"
            onChange={(e) => change('message_previews', e.currentTarget.checked)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" variant="outlined" onClick={onClose} />
            <Button intent="primary" text="Save" loading={busy} onClick={() => void save()} />
          </>
        }
      />
    </Dialog>
  );
}
