'use client';
export interface Shot {
  url: string;
  at: number;
}

/** Shots kept per page: older ones are let go (their object URLs revoked). */
const MAX_SHOTS = 12;

/** Takes a PNG screenshot of the device into the gallery (newest first). */
export async function takeShot(deviceId: string, shots: Shot[]): Promise<Shot[]> {
  const response = await fetch(`/api/v1/devices/${encodeURIComponent(deviceId)}/screenshot?format=png`, { credentials: 'same-origin' });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(body?.error?.message ?? `the screenshot failed (HTTP ${response.status})`);
  }
  const shot = { url: URL.createObjectURL(await response.blob()), at: Date.now() };
  for (const old of shots.slice(MAX_SHOTS - 1)) URL.revokeObjectURL(old.url);
  return [shot, ...shots.slice(0, MAX_SHOTS - 1)];
}

/** The screenshots taken on this page, each a download. */
export function Gallery({ shots, deviceId }: { shots: Shot[]; deviceId: string }) {
  return (
    <div className="gallery" data-testid="gallery">
      {shots.map((s) => (
        <a key={s.url} href={s.url} download={`${deviceId}-${new Date(s.at).toISOString().replace(/[:.]/g, '-')}.png`} title={`${new Date(s.at).toLocaleTimeString()}: download`}>
          <img src={s.url} alt={`screenshot at ${new Date(s.at).toLocaleTimeString()}`} data-testid="gallery-shot" />
        </a>
      ))}
    </div>
  );
}
