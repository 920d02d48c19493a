/** The JSON text of a channel's `data` (spec 02 §3): created_from, last_direct_message_at (seconds), user_onboarded. */
import type { ChatChannel } from '../../shared/contracts/chat';

export interface ChannelData {
  /** The broadcast's url, on channels a broadcast created. */
  created_from?: string;
  /** Seconds since the epoch. */
  last_direct_message_at?: number;
  user_onboarded?: boolean;
}

/** The channel's data; text that is not a JSON object reads as none. */
export function channelData(channel: Pick<ChatChannel, 'data'>): ChannelData {
  if (!channel.data) return {};
  try {
    const parsed: unknown = JSON.parse(channel.data);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ChannelData) : {};
  } catch {
    return {};
  }
}
