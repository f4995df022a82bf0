'use client';
import { useState, type FormEvent } from 'react';
import type { Send } from './StreamSurface';

/** Text sent in one go (what a paste would carry), and for web devices a URL to open. */
export function TextBoxes({ platform, send }: { platform: string; send: Send }) {
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const sendText = (e: FormEvent) => {
    e.preventDefault();
    if (text === '') return;
    send('type', { text });
    setText('');
  };
  const open = (e: FormEvent) => {
    e.preventDefault();
    if (url.trim() === '') return;
    send('web.open', { url: url.trim() });
  };
  return (
    <div className="text-boxes">
      <form className="row" onSubmit={sendText}>
        <input value={text} onChange={(e) => setText(e.target.value)} placeholder="Text to send to the focused field" aria-label="Text to send" data-testid="paste-text" />
        <button className="small" type="submit" data-testid="paste-send">
          Send
        </button>
      </form>
      {platform === 'web' && (
        <form className="row" onSubmit={open}>
          <input value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://… to open" aria-label="URL to open" type="url" data-testid="open-url" />
          <button className="small" type="submit" data-testid="open-url-go">
            Open
          </button>
        </form>
      )}
    </div>
  );
}
