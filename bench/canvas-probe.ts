/**
 * In-page instruments for the canvas benchmark, injected as plain source so they run
 * before the app's own scripts and cost one `requestAnimationFrame` callback per frame.
 *
 * - readiness: from navigation start, every frame counts the React Flow node elements
 *   that are laid out (React Flow keeps unmeasured nodes at `visibility: hidden`) and
 *   reads the viewport transform; the canvas is ready at the first frame of a streak in
 *   which neither changes for `STABLE_FRAMES` frames (so a late `fitView` or a second
 *   batch of nodes moves the mark).
 * - frames: while recording, the delta between consecutive frames.
 */

/** Frames without change after which the canvas counts as settled. */
export const STABLE_FRAMES = 15;

export interface CanvasReadiness {
  /** ms since navigation start of the first frame that showed the settled canvas. */
  readyAt: number;
  /** Node elements laid out at that frame. */
  renderedNodes: number;
}

/** Source of the init script that sets `window.__canvasReady` once the canvas settles. */
export const readinessScript = `(() => {
  let key = "", since = 0, same = 0;
  const tick = () => {
    const nodes = document.querySelectorAll(".react-flow__node");
    let shown = 0;
    for (const el of nodes) if (el.style.visibility !== "hidden") shown++;
    const vp = document.querySelector(".react-flow__viewport");
    const now = performance.now();
    const next = shown + "|" + (vp ? vp.style.transform : "");
    if (next !== key) { key = next; since = now; same = 0; } else same++;
    if (shown > 0 && same >= ${STABLE_FRAMES}) { window.__canvasReady = { readyAt: since, renderedNodes: shown }; return; }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

/*
 * The helpers below are source strings, not functions: tsx compiles with esbuild's
 * keepNames, whose `__name` wrapper does not exist inside the page.
 */

/** Starts recording frame deltas into `window.__frameDeltas`. */
export const startFrameRecorder = `(() => {
  const deltas = [];
  window.__frameDeltas = deltas;
  window.__recordFrames = true;
  let last = -1;
  const tick = (t) => {
    if (last >= 0) deltas.push(t - last);
    last = t;
    if (window.__recordFrames) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

/** Stops the recorder; evaluates to the recorded deltas. */
export const stopFrameRecorder = `(() => { window.__recordFrames = false; return window.__frameDeltas || []; })()`;

/** Resolves after the next animation frame (paces synthetic input at the display rate). */
export const nextFrame = `new Promise((resolve) => requestAnimationFrame(() => resolve(null)))`;

/** A viewport point over empty pane, scanning rings from the canvas centre outwards (clear of the panels). */
export const findPanePoint = `(() => {
  const pane = document.querySelector(".react-flow__pane");
  if (!pane) return null;
  const box = pane.getBoundingClientRect();
  const cx = box.left + box.width / 2, cy = box.top + box.height / 2;
  for (let r = 0; r < Math.max(box.width, box.height) / 2; r += 20) {
    for (const [dx, dy] of [[0, -r], [0, r], [-r, 0], [r, 0], [-r, -r], [r, r], [r, -r], [-r, r]]) {
      const x = cx + dx, y = cy + dy;
      if (x < box.left + 150 || x > box.right - 250 || y < box.top + 60 || y > box.bottom - 170) continue;
      if (document.elementFromPoint(x, y) === pane) return { x, y };
    }
  }
  return null;
})()`;

/** The top strip of the laid-out node nearest the canvas centre, with its id. */
export const findNodePoint = `(() => {
  const pane = document.querySelector(".react-flow__pane");
  if (!pane) return null;
  const box = pane.getBoundingClientRect();
  const cx = box.left + box.width / 2, cy = box.top + box.height / 2;
  let best = null;
  for (const el of document.querySelectorAll(".react-flow__node")) {
    const b = el.getBoundingClientRect();
    const x = b.left + b.width / 2, y = b.top + Math.min(b.height / 2, 12);
    const d = (x - cx) ** 2 + (y - cy) ** 2;
    if (!best || d < best.d) best = { x, y, id: el.dataset.id || "", d };
  }
  return best && { x: best.x, y: best.y, id: best.id };
})()`;
