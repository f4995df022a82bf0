'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { nextSpeed, stepAtTime, stepFromHash, touchMarksAt } from '../../core/replay/replay-time';
import type { RecordingJson, ReplayActionJson } from '../../core/wire/replay-views.js';
import { typingInto } from './Shell';

interface Props {
  recordings: RecordingJson[];
  actions: ReplayActionJson[];
  step: number;
  onStep: (step: number) => void;
}

/**
 * A session's video beside its timeline: choosing a step seeks to it, playing moves the current
 * step along, and the touches are drawn over the video at their real times. Space plays and
 * pauses, `[` and `]` change the speed, `#step=N` names a step.
 */
export function VideoReplay({ recordings, actions, step, onStep }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const [timeMs, setTimeMs] = useState(0);
  const [speed, setSpeed] = useState(1);
  const [size, setSize] = useState({ w: 0, h: 0 });
  const [playing, setPlaying] = useState(false);
  /** The step the playback itself moved to: that change must not seek back. */
  const autoStep = useRef(-1);
  const current = actions[step];
  const recording = recordings.find((r) => r.id === current?.media?.recordingId) ?? recordings[0];

  const seekTo = useCallback((i: number) => {
    const media = actions[i]?.media;
    const v = video.current;
    if (!v || !media || media.recordingId !== recording?.id) return;
    v.currentTime = media.startMs / 1000;
    setTimeMs(media.startMs);
  }, [actions, recording?.id]);

  useEffect(() => {
    const fromHash = stepFromHash(window.location.hash, actions.length);
    if (fromHash !== null) onStep(fromHash);
    // Only the hash the page was opened with.
  }, []);

  useEffect(() => {
    window.history.replaceState(null, '', `#step=${step + 1}`);
    if (autoStep.current !== step) seekTo(step);
  }, [step, seekTo]);

  useEffect(() => {
    if (!playing || !recording) return;
    let frame = 0;
    const tick = () => {
      const v = video.current;
      if (v) {
        const ms = v.currentTime * 1000;
        setTimeMs(ms);
        const i = stepAtTime(actions, recording.id, ms);
        if (i >= 0 && i !== step) {
          autoStep.current = i;
          onStep(i);
        }
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, recording, actions, step, onStep]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typingInto(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      const v = video.current;
      if (!v) return;
      if (e.key === ' ') {
        if (v.paused) void v.play();
        else v.pause();
      } else if (e.key === '[' || e.key === ']') {
        const s = nextSpeed(v.playbackRate, e.key === ']' ? 1 : -1);
        v.playbackRate = s;
        setSpeed(s);
      } else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!recording) return null;
  const marks = touchMarksAt(actions, recording.id, timeMs);
  return (
    <div className="video-replay" data-testid="video-replay">
      <div className="video-frame">
        <video
          ref={video}
          data-testid="replay-video"
          src={recording.video}
          controls
          muted
          playsInline
          preload="auto"
          onLoadedMetadata={(e) => {
            // Touches are in the screen's points; a copied (Android) video is in the device's pixels.
            const screen = recording.facts?.screen;
            setSize(screen ? { w: screen.width, h: screen.height } : { w: e.currentTarget.videoWidth, h: e.currentTarget.videoHeight });
            if (autoStep.current !== step) seekTo(step);
          }}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onSeeked={(e) => setTimeMs(e.currentTarget.currentTime * 1000)}
        />
        {size.w > 0 && (
          <svg className="touch-overlay" viewBox={`0 0 ${size.w} ${size.h}`} preserveAspectRatio="none" data-testid="touch-overlay" aria-hidden="true">
            {marks.map((m, i) => (
              <g key={i} data-testid="touch-mark">
                <polyline points={m.path.map((p) => `${p.x},${p.y}`).join(' ')} />
                {m.now ? <circle cx={m.now.x} cy={m.now.y} r={14} /> : <circle className="lifted" cx={m.path[m.path.length - 1]!.x} cy={m.path[m.path.length - 1]!.y} r={10} />}
              </g>
            ))}
          </svg>
        )}
      </div>
      <p className="muted small" data-testid="replay-status">
        {(timeMs / 1000).toFixed(1)} s, {speed}x{recordings.length > 1 ? `, recording ${recordings.indexOf(recording) + 1} of ${recordings.length}` : ''} · space plays, [ ] speed, ← → steps
        {recording.endReason === 'worker_lost' ? ' · the worker was lost: the video stops there' : recording.endReason?.startsWith('ended early') ? ` · ${recording.endReason}` : ''}
      </p>
    </div>
  );
}

/** The full-size screens before and after a step, when the session was recorded. */
export function StepScreenshots({ action, step }: { action: ReplayActionJson; step: number }) {
  if (!action.screenshotBefore && !action.screenshotAfter) return null;
  return (
    <div className="step-shots">
      {(['before', 'after'] as const).map((which) => {
        const src = which === 'before' ? action.screenshotBefore : action.screenshotAfter;
        return src ? (
          <figure key={which}>
            <figcaption className="muted small">screen {which}</figcaption>
            <img data-testid={`step-shot-${which}`} src={src} alt={`the screen ${which} step ${step + 1}`} />
          </figure>
        ) : null;
      })}
    </div>
  );
}
