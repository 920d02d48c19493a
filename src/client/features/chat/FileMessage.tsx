/**
 * A file message: images and video inline, other files as download links (spec 02 §4). The file
 * call needs the Bearer token, which an <img src> cannot send: the bytes are fetched and shown
 * from an object URL. QuickTime video plays inline only where the browser can play it.
 */
import { useEffect, useState } from 'react';
import type { ChatMessage } from '../../../shared/contracts/chat';
import { apiDownload } from '../../api/http';

type ChatFile = NonNullable<ChatMessage['file']>;

const canPlay = (type: string) => type !== 'video/quicktime' || document.createElement('video').canPlayType('video/quicktime') !== '';

export function FileMessage({ file }: { file: ChatFile }) {
  const inline = file.type.startsWith('image/') || (file.type.startsWith('video/') && canPlay(file.type));
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!inline) return undefined;
    let url: string | null = null;
    let live = true;
    apiDownload('GET', file.url).then(
      ({ blob }) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file.url, inline]);

  const download = async () => {
    const { blob } = await apiDownload('GET', file.url);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = file.name;
    link.click();
    URL.revokeObjectURL(url);
  };
  if (inline && src) {
    return file.type.startsWith('image/') ? (
      <img className="kosh-chat-file" src={src} alt={file.name} />
    ) : (
      <video className="kosh-chat-file" src={src} controls aria-label={file.name} />
    );
  }
  return (
    <a
      className="kosh-chat-file-link"
      href={file.url}
      onClick={(e) => {
        e.preventDefault();
        void download().catch(() => undefined);
      }}
    >
      {file.name} ({Math.max(1, Math.round(file.size / 1024))} KB)
    </a>
  );
}
