'use client';
import { useEffect, useState } from 'react';
import type { Flow } from '../../core/flows/flow-schema.js';
import type { MaestroFlow } from '../../core/flows/maestro.js';
import { clipLengthError, stepsClip, type ClipFormat } from '../../core/replay/clip-range';
import type { ReplayActionJson } from '../../core/wire/replay-views.js';
import { api, errorText } from '../lib/api';

interface Props {
  sessionId: string;
  actions: ReplayActionJson[];
  /** The step shown now (0-based): the clip's range starts on it. */
  step: number;
}

const enc = encodeURIComponent;

/** Saves text the page made as a file the browser downloads. */
function saveText(text: string, name: string, type: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/**
 * What a reviewer takes from a replay: a clip of a step range as MP4 or GIF (cut on the hub), and
 * the session as a flow to run again (our JSON) or as Maestro YAML.
 */
export function ReplayExports({ sessionId, actions, step }: Props) {
  const [from, setFrom] = useState(step + 1);
  const [to, setTo] = useState(step + 1);
  const [format, setFormat] = useState<ClipFormat>('gif');
  const [note, setNote] = useState<{ text: string; bad: boolean } | null>(null);
  useEffect(() => {
    setFrom(step + 1);
    setTo(step + 1);
  }, [step]);

  const range = stepsClip(actions, from, to);
  const why = typeof range === 'string' ? range : clipLengthError(range.startMs, range.endMs, format);
  const href = `/api/v1/sessions/${enc(sessionId)}/clip?from=${from}&to=${to}&format=${format}`;

  const exportFlow = async (as: 'flow' | 'maestro') => {
    try {
      const { flow, maestro } = await api<{ flow: Flow; maestro: MaestroFlow }>('GET', `/sessions/${enc(sessionId)}/flow`);
      if (as === 'flow') saveText(`${JSON.stringify(flow, null, 2)}\n`, `simlab-${sessionId}.flow.json`, 'application/json');
      else saveText(maestro.yaml, `simlab-${sessionId}.maestro.yaml`, 'application/yaml');
      const skipped = as === 'maestro' && maestro.unmapped.length > 0 ? `; not in Maestro: ${maestro.unmapped.map((u) => `step ${u.step} (${u.command})`).join(', ')}` : '';
      setNote({ text: `${flow.steps.length} steps exported${skipped}`, bad: false });
    } catch (err) {
      setNote({ text: errorText(err), bad: true });
    }
  };

  return (
    <div className="replay-exports" data-testid="replay-exports">
      <span className="muted small">Clip steps</span>
      <input type="number" className="small" min={1} max={actions.length} value={from} onChange={(e) => setFrom(Number(e.target.value))} aria-label="first step" data-testid="clip-from" />
      <span className="muted small">to</span>
      <input type="number" className="small" min={1} max={actions.length} value={to} onChange={(e) => setTo(Number(e.target.value))} aria-label="last step" data-testid="clip-to" />
      <select className="small" value={format} onChange={(e) => setFormat(e.target.value as ClipFormat)} aria-label="clip format" data-testid="clip-format">
        <option value="gif">GIF</option>
        <option value="mp4">MP4</option>
      </select>
      {why ? (
        <span className="muted small" data-testid="clip-unavailable">
          {why}
        </span>
      ) : (
        <a className="button small" href={href} download data-testid="clip-download">
          Download clip
        </a>
      )}
      <button className="small ghost" onClick={() => void exportFlow('flow')} data-testid="flow-export" title="The steps as a flow for `simlab flow run`">
        Flow (.json)
      </button>
      <button className="small ghost" onClick={() => void exportFlow('maestro')} data-testid="maestro-export" title="The steps as a Maestro flow (the steps Maestro cannot do are listed)">
        Maestro (.yaml)
      </button>
      {note && (
        <span className={note.bad ? 'error small' : 'muted small'} data-testid="export-note">
          {note.text}
        </span>
      )}
    </div>
  );
}
