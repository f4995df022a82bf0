'use client';
import { useEffect, useRef, useState } from 'react';
import type { OutlineUpdate } from '../../core/wire/ui-protocol.js';
import { copyText } from '../lib/clipboard';

const REF = /^\s*@(\d+)\b/;
const BAND = /^\s*\[(\w+)\]/;

interface Props {
  outline: OutlineUpdate | null;
  error: string | null;
  hovered: number | null;
  selected: number | null;
  onHover: (index: number | null) => void;
  onSelect: (index: number) => void;
}

/**
 * The outline as an agent reads it, line by line (long lines wrap); a line with `@N` is its
 * element on the stream. It can be copied whole, searched, and its bands collapsed.
 */
export function OutlinePanel({ outline, error, hovered, selected, onHover, onSelect }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (hovered === null) return;
    list.current?.querySelector(`[data-ref="${hovered}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [hovered]);
  const head = (
    <div className="panel-head">
      <h2>
        Outline {outline && <span className="muted small">snapshot {outline.snapshot}</span>}{' '}
        {outline && !outline.still && (
          <span className="badge pending" data-testid="not-still" title="The screen was changing when this outline was read; it is read again until it settles">
            not still
          </span>
        )}
      </h2>
      <input className="small" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search" aria-label="Search the outline" data-testid="outline-search" />
      <button
        className="small ghost"
        disabled={!outline}
        onClick={() =>
          outline &&
          void copyText(outline.text).then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          })
        }
        data-testid="outline-copy"
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
  if (!outline) return <>{head}<div className="panel-body muted">{error ? <span className="error">{error}</span> : 'Reading the outline…'}</div></>;
  const needle = query.trim().toLowerCase();
  let band = '';
  return (
    <>
      {head}
      <div className="panel-body outline" ref={list} data-testid="outline" data-snapshot={outline.snapshot} onMouseLeave={() => onHover(null)}>
        {error && <p className="error">{error}</p>}
        {outline.text.split('\n').map((line, i) => {
          const bandMatch = BAND.exec(line);
          if (bandMatch) {
            band = bandMatch[1] as string;
            const name = band;
            const closed = collapsed.has(name);
            return (
              <div
                key={`${i}:${line}`}
                className="line band"
                role="button"
                aria-expanded={!closed}
                data-testid="outline-band"
                onClick={() => setCollapsed((c) => {
                  const next = new Set(c);
                  if (closed) next.delete(name);
                  else next.add(name);
                  return next;
                })}
              >
                {closed ? '▸' : '▾'} {line.trim()}
              </div>
            );
          }
          if (collapsed.has(band)) return null;
          if (needle && i > 0 && !line.toLowerCase().includes(needle)) return null;
          const m = REF.exec(line);
          const ref = m ? Number(m[1]) : null;
          const cls = ref === null ? 'line' : `line ref${ref === hovered ? ' hovered' : ''}${ref === selected ? ' selected' : ''}`;
          return (
            <div
              key={`${i}:${line}`}
              className={cls}
              data-testid={ref === null ? undefined : 'outline-line'}
              data-ref={ref ?? undefined}
              onMouseEnter={ref === null ? undefined : () => onHover(ref)}
              onClick={ref === null ? undefined : () => onSelect(ref)}
            >
              {line || ' '}
            </div>
          );
        })}
      </div>
    </>
  );
}
