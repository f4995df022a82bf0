'use client';
import { useState } from 'react';
import type { InspectableElement } from '../../core/wire/ui-protocol.js';
import { copyText } from '../lib/clipboard';
import type { Send } from './StreamSurface';

interface Props {
  element: InspectableElement | null;
  blocked: string | null;
  send: Send;
}

const onStates = (states: object) =>
  Object.entries(states)
    .filter(([, v]) => v === true)
    .map(([k]) => k);

/** One element in detail: what it is, where, its states, and the selectors that name it (shortest first). */
export function Inspector({ element, blocked, send }: Props) {
  const [copied, setCopied] = useState<string | null>(null);
  if (!element) return <div className="panel-body muted">Click an outline line (or press i and click the stream) to inspect an element.</div>;
  const f = element.frame;
  const rows: Array<[string, string]> = [
    ['role', element.role],
    ['label', element.label ?? '—'],
    ['value', element.value ?? '—'],
    ['id', element.id ?? '—'],
    ['frame', `x ${f.x}, y ${f.y}, w ${f.w}, h ${f.h}`],
    ['states', onStates(element.states).join(', ') || '—'],
  ];
  return (
    <div className="panel-body inspector" data-testid="inspector" data-index={element.index}>
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
            <button
              className="small ghost"
              onClick={() =>
                void copyText(sel).then(() => {
                  setCopied(sel);
                  setTimeout(() => setCopied(null), 1500);
                })
              }
            >
              {copied === sel ? 'Copied' : 'Copy'}
            </button>
            <button className="small" disabled={!!blocked} title={blocked ?? `tap ${sel}`} onClick={() => send('tap', { target: sel })} data-testid="selector-tap">
              Tap
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
