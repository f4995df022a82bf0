/** Human forms of what the hub answers; --json always has the whole envelope. */

function field(data: unknown, name: string): unknown {
  return data !== null && typeof data === 'object' ? (data as Record<string, unknown>)[name] : undefined;
}

/** After an action: the settled diff when the answer has one, else a one-line summary. */
export function actionText(data: unknown): string {
  const diff = field(data, 'diff');
  const delivery = field(data, 'delivery');
  const head = typeof delivery === 'string' ? `ok (${delivery})` : 'ok';
  if (typeof diff === 'string' && diff.length > 0) return `${head}\n${diff}`;
  const outline = field(data, 'outline');
  if (typeof outline === 'string') return `${head}\n${outline}`;
  return head;
}

/** An outline answer: its text form, or the JSON snapshot pretty-printed. */
export function outlineText(data: unknown): string {
  const outline = field(data, 'outline');
  return typeof outline === 'string' ? outline : JSON.stringify(outline ?? data, null, 2);
}

/** An outline asked `--since` a snapshot: the settled diff against it, under the new header. */
export function sinceText(data: unknown): string {
  const diff = field(data, 'diff');
  const snapshot = field(data, 'snapshot');
  const head = typeof snapshot === 'string' ? `snapshot ${snapshot}` : '';
  return typeof diff === 'string' ? [head, diff].filter(Boolean).join('\n') : outlineText(data);
}

export function jsonText(data: unknown): string {
  return JSON.stringify(data, null, 2);
}
