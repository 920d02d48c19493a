/** Chat operation errors as toasts (spec 02 §5: NoCurrentChannel, NoUserFound, SdkNotInitialised and the server's 4xx). */
import { useCallback } from 'react';
import { TOAST_TEXT } from '../../../shared/messages';
import { showToast } from '../../ui/toaster';

export function toastChatError(error: unknown): void {
  const message = error instanceof Error && error.message ? error.message : TOAST_TEXT.fallback;
  void showToast({ severity: 'error', summary: message });
}

/** Runs a chat operation; a failure is toasted. Resolves whether it succeeded. */
export function useChatAction() {
  return useCallback(async (operation: () => Promise<unknown>): Promise<boolean> => {
    try {
      await operation();
      return true;
    } catch (error) {
      toastChatError(error);
      return false;
    }
  }, []);
}
