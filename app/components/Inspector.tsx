'use client';
import { useState } from 'react';
import type { InspectableElement } from '../../core/wire/ui-protocol.js';
import { copyText } from '../lib/clipboard';
import type { Send } from './StreamSurface';

interface Props {
  element: InspectableElement | null;
  /** True when the selected element is no longer on the screen (it is shown as it was). */
  gone: boolean;
  blocked: string | null;
  send: Send;
}

/** One element in detail: what it is, where, its states, and the selectors that name it (shortest first). */
export function Inspector({ element, gone, blocked, send }: Props) {
  const [copied, setCopied] = useState<string | null>(null);
  if (!element) return <div className="panel-body muted">Click an outline line (or press i and click the stream) to inspect an element.</div>;
  const f = element.frame;
  const rows: Array<[string, string]> = [
    ['role', element.role],
    ['label', element.label ?? '—'],
    ['value', element.value ?? '—'],
    ['id', element.id ?? '—'],
    ['frame', `x ${f.x}, y ${f.y}, w ${f.w}, h ${f.h}`],
    ['states', element.notes.join(', ') || '—'],
  ];
  const why = gone ? 'This element is no longer on the screen' : blocked;
  const copy = (text: string) =>
    void copyText(text).then(() => {
      setCopied(text);
      setTimeout(() => setCopied(null), 1500);
    });
  return (
    <div className={`panel-body inspector${gone ? ' gone' : ''}`} data-testid="inspector" data-index={gone ? undefined : element.index} data-gone={gone ? '' : undefined}>
      {gone && <p className="note" data-testid="inspector-gone">Gone from the screen: shown as it was.</p>}
      <table>
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <th>{k}</th>
              <td data-field={k}>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Selectors</h3>
      <ul className="selectors">
        {element.selectors.map((sel) => (
          <li key={sel} data-testid="selector">
            <code>{sel}</code>
            <button className="small ghost" onClick={() => copy(sel)} title="Copy the selector">
              {copied === sel ? 'Copied' : 'Copy'}
            </button>
            <button className="small ghost" onClick={() => copy(`simlab tap '${sel.replaceAll("'", "'\\''")}'`)} title="Copy as a CLI command" data-testid="selector-cli">
              {copied?.endsWith(`'${sel.replaceAll("'", "'\\''")}'`) ? 'Copied' : 'CLI'}
            </button>
            <button className="small" disabled={!!why} title={why ?? `tap ${sel}`} onClick={() => send('tap', { target: sel })} data-testid="selector-tap">
              Tap
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
