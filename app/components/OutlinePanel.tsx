'use client';
import { useEffect, useRef } from 'react';
import type { OutlineUpdate } from '../../core/wire/ui-protocol.js';

const REF = /^\s*@(\d+)\b/;

interface Props {
  outline: OutlineUpdate | null;
  error: string | null;
  hovered: number | null;
  selected: number | null;
  onHover: (index: number | null) => void;
  onSelect: (index: number) => void;
}

/** The outline as an agent reads it, line by line; a line with `@N` is its element on the stream. */
export function OutlinePanel({ outline, error, hovered, selected, onHover, onSelect }: Props) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hovered === null) return;
    list.current?.querySelector(`[data-ref="${hovered}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [hovered]);
  if (!outline) return <div className="panel-body muted">{error ? <span className="error">{error}</span> : 'Reading the outline…'}</div>;
  return (
    <div className="panel-body outline" ref={list} data-testid="outline" data-snapshot={outline.snapshot} onMouseLeave={() => onHover(null)}>
      {error && <p className="error">{error}</p>}
      {outline.text.split('\n').map((line, i) => {
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
  );
}
