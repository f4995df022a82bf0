/** `simlab help agent`: how an agent drives a device with this version's commands. */
export function agentGuide(version: string): string {
  return `simlab ${version} for agents: observe -> act -> verify\n${AGENT_GUIDE}`;
}

const AGENT_GUIDE = `
SETUP
  The lab's URL and your token come from --hub/--token, SIMLAB_HUB/SIMLAB_TOKEN, or the
  credentials file that \`npm start\` writes. \`simlab doctor\` says what is missing.

  simlab devices                 list devices (platform, state, who holds each)
  simlab lease [--device ID]     take a device; --wait [--timeout S] queues when it is busy
  simlab release                 give it back when done (others may be waiting)
  --device is optional while your token holds exactly one lease.

THE LOOP
  1. Observe:  simlab ui                 the outline: a header (app, size, stillness, snapshot id)
                                         and one line per element, each starting with @N
               simlab ui --interactive   only what can be acted on (fewer tokens)
  2. Act:      simlab tap @7 | tap "#3" | tap "#login" | tap 'text="OK"' | tap --xy 120,300
               simlab type "hello" [--target @4] [--clear]     simlab key Enter
               simlab scroll-by 300     simlab swipe @5 --dy -200     simlab fling up
               simlab long-press @7 [--ms 800]    simlab double-tap @7    simlab drag @3 @9
               simlab pinch 2    simlab rotate 90    simlab two-finger-tap    simlab button back
  3. Verify:   an action's answer carries the settled diff (+ appeared, - disappeared,
               = stayed); read it instead of observing again. \`simlab ui --since <snapshot>\`
               diffs the screen against an earlier snapshot id.

SELECTORS
  @N         element N of the latest outline YOUR lease took (refresh with \`simlab ui\`)
  @SNAP:N    element N of a named snapshot
  #K, #K@L   cell K of the main list (or of list L)
  #id        an element with a stable platform id
  text="OK"  role=Button[label="OK"]     match by content; several matches = AMBIGUOUS_TARGET
  x,y / --xy a point in device points (pixels only where the tree is blind)

ERRORS AND RETRIES (--json prints the whole envelope)
  Every answer has error.disposition {delivery, retry}. Retry ONLY when retry is "safe":
  the action certainly did not reach the device (delivery "not_delivered").
  - STALE_REF / NOT_FOUND / AMBIGUOUS_TARGET: nothing was sent; run \`simlab ui\`, pick again.
  - DEVICE_BUSY: someone else holds the device; \`simlab lease --wait\` or try later.
  - LEASE_REQUIRED: \`simlab lease\` first.
  - TIMEOUT, delivery_uncertain, delivered_unverified: the action MAY have happened.
    Do not repeat it blindly: observe (\`simlab ui\`), then decide.
  - POST_ACTION_VERIFICATION: the action ran but the screen disagrees (e.g. typed text
    is not in the field); observe and fix, never loop.
  Exit codes: 0 success, 1 device or command error, 2 usage error.

MORE
  simlab screenshot -o shot.jpg [--scale 2] [--crop x,y,w,h]   where looks matter
  simlab app-state               URL or app, title, scroll offsets
  simlab log [--session ID]      the recorded actions of a session
  simlab flow export <session> -o flow.yaml   a session as steps by stable selectors (--format maestro)
  simlab flow run flow.yaml      replay it on your lease: per step ok / changed / target not found
  simlab clip <session> --steps 2-4 -o clip.gif   a step range of the recording as GIF or MP4
  simlab web open <url>          web devices only (platform verbs live under their platform)
  simlab ios launch <bundleId>   iOS simulators only (also terminate, open-url, appearance, status-bar, install, erase)
  simlab android rotate 90       Android only (also health, uninstall-helpers)
`;
