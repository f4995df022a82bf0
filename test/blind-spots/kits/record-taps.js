/* global window, Element */
// Test instrument, not part of any kit: which [data-hit] element a touch reached. It is set as an
// event handler property on the window, which the listener record does not count as evidence,
// so the controls are found by what the kit itself does.
window.__hits = [];
window.onpointerdown = (e) => {
  const path = e.composedPath();
  const el = path.find((n) => n instanceof Element && n.hasAttribute('data-hit'));
  if (el) window.__hits.push(el.getAttribute('data-hit'));
};
