'use client';

const SHORTCUTS: Array<[string, string]> = [
  ['?', 'show or hide this help'],
  ['Esc', 'close this help / leave inspect mode'],
  ['Device page', ''],
  ['click', 'tap where you click'],
  ['press and hold', 'long press'],
  ['drag', 'swipe along the path you drew, at your speed'],
  ['wheel', 'scroll by'],
  ['Alt + drag', 'pinch: a second finger mirrored around the centre of the element under the pointer (or of the screen)'],
  ['Shift + Alt + drag', 'rotate around that centre'],
  ['typing (stream focused)', 'types on the device; the keys the device has (Enter, Backspace, arrows…) are sent as keys; while no text field on the device has focus, ? i s b h t stay shortcuts of the page'],
  ['i', 'inspect mode: clicking the stream selects an element instead of tapping'],
  ['b / h', 'Back / Home'],
  ['s', 'take a screenshot into the gallery'],
  ['t', 'take the device (or take it over from another client of your token), or release it'],
  ['Session replay', ''],
  ['→ or j / ← or k', 'next / previous action'],
  ['Home / End', 'first / last action'],
];

export function HelpOverlay({ onClose }: { onClose: () => void }) {
  return (
    <div className="overlay" role="dialog" aria-label="Keyboard shortcuts" data-testid="help" onClick={onClose}>
      <div className="overlay-card" onClick={(e) => e.stopPropagation()}>
        <h2>Keyboard shortcuts</h2>
        <table>
          <tbody>
            {SHORTCUTS.map(([key, what]) =>
              what ? (
                <tr key={key}>
                  <td>
                    <kbd>{key}</kbd>
                  </td>
                  <td>{what}</td>
                </tr>
              ) : (
                <tr key={key}>
                  <th colSpan={2}>{key}</th>
                </tr>
              ),
            )}
          </tbody>
        </table>
        <button onClick={onClose}>Close</button>
      </div>
    </div>
  );
}
