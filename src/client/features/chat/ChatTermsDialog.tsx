/** The first-use chat terms (spec 01 §7): accepting records it (PATCH api/client/chat-terms/) and chat then starts. */
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Session } from '../../../shared/contracts/auth';
import { sessionKey } from '../../app/sessionQueries';
import { acceptChatTerms } from '../account/accountApi';
import { useChatAction } from './chatErrors';

export function ChatTermsDialog({ onClose }: { onClose?: () => void }) {
  const queryClient = useQueryClient();
  const run = useChatAction();
  const [busy, setBusy] = useState(false);
  // The profile's has_accepted_chat_terms turning true is what tells the chat connection to go on.
  const accept = async () => {
    setBusy(true);
    await run(async () => {
      await acceptChatTerms();
      queryClient.setQueryData<Session>(sessionKey, (s) =>
        s ? { ...s, user_info: { ...s.user_info, has_accepted_chat_terms: true } } : s,
      );
    });
    setBusy(false);
  };
  return (
    <Dialog
      isOpen
      title="Chat terms"
      onClose={onClose}
      canEscapeKeyClose={onClose !== undefined}
      isCloseButtonShown={onClose !== undefined}
      usePortal={false}
    >
      <DialogBody>
        <p>
          Chats on this platform are recorded and kept for compliance. Messages and files you send can be read by your firm&apos;s
          compliance officers.
        </p>
        <p>
          Read the <Link to="/chat-policy">chat policy</Link> before you start.
        </p>
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text="Accept and start chatting" loading={busy} onClick={() => void accept()} />} />
    </Dialog>
  );
}
