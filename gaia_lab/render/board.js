// The live board's browser side (an anywidget module), drawn from the scene the
// kernel sends (see canvas.py for the wire format).
//
// - The canvas fills the width it is given (or keeps the scene's size when
//   ``fit`` is off) and its pixel buffer follows devicePixelRatio, so text is
//   crisp on any screen; a resize redraws it. With ``fit`` on, the width the
//   view is given is reported to the kernel (``room``, at most every REPORT_MS
//   and only when it moved by REPORT_STEP px or more), which redraws the board
//   at that width, so that its text shows at its own size.
// - A click sends the scene point and the version of the scene that was on
//   show; the kernel ignores clicks on a picture it has replaced. Until the
//   kernel answers, and for a moment after a new picture appears, further
//   clicks are dropped (the rest of a double-click or of a burst).
// - The keyboard: Tab reaches the board only when it has targets and always
//   leaves it; the arrow keys (and Home/End) walk the targets, Enter or Space
//   picks one, Escape leaves the board. The target under focus is outlined
//   and announced.

const RING = "#0b57d0";
const GUARD_MS = 400; // a new picture takes no click this soon: the tail of a burst
const REPORT_MS = 250; // the width given is reported at most this often
const REPORT_STEP = 8; // and only when it moved by this many px (a scroll bar: no ping-pong)

function paint(ctx, fill, stroke, width) {
  if (fill !== null) { ctx.fillStyle = fill; ctx.fill(); }
  if (stroke !== null) { ctx.strokeStyle = stroke; ctx.lineWidth = width; ctx.setLineDash([]); ctx.stroke(); }
}

function drawItem(ctx, it) {
  const kind = it[0];
  if (kind === "r") {
    const [, x, y, w, h, r, fill, stroke, sw, alpha] = it;
    ctx.globalAlpha = alpha;
    ctx.beginPath();
    if (r > 0) ctx.roundRect(x, y, w, h, r); else ctx.rect(x, y, w, h);
    paint(ctx, fill, stroke, sw);
  } else if (kind === "c") {
    const [, cx, cy, r, fill, stroke, sw, alpha] = it;
    ctx.globalAlpha = alpha;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, 2 * Math.PI);
    paint(ctx, fill, stroke, sw);
  } else if (kind === "p") {
    const [, pts, fill, stroke, sw, alpha] = it;
    ctx.globalAlpha = alpha;
    ctx.beginPath();
    ctx.moveTo(pts[0], pts[1]);
    for (let i = 2; i < pts.length; i += 2) ctx.lineTo(pts[i], pts[i + 1]);
    ctx.closePath();
    paint(ctx, fill, stroke, sw);
  } else if (kind === "l") {
    const [, x1, y1, x2, y2, stroke, width, dash, alpha] = it;
    ctx.globalAlpha = alpha;
    ctx.beginPath();
    ctx.moveTo(x1, y1);
    ctx.lineTo(x2, y2);
    ctx.strokeStyle = stroke;
    ctx.lineWidth = width;
    ctx.setLineDash(dash || []);
    ctx.stroke();
  } else if (kind === "t") {
    const [, x, y, text, font, align, fill, alpha] = it;
    ctx.globalAlpha = alpha;
    ctx.font = font;
    ctx.textAlign = align;
    ctx.textBaseline = "alphabetic";
    ctx.fillStyle = fill;
    ctx.fillText(text, x, y);
  }
}

function render({ model, el }) {
  el.classList.add("gaia-board");
  const canvas = document.createElement("canvas");
  canvas.setAttribute("role", "img");
  const live = document.createElement("div");
  live.className = "gaia-board-live";
  live.setAttribute("aria-live", "polite");
  el.append(canvas, live);
  const ctx = canvas.getContext("2d");
  let focus = -1;      // index of the target under keyboard focus
  let focusId = null;
  let waiting = false; // a click or pick was sent and not answered yet
  let shown = null;    // [scene version, css width, pixel ratio] last drawn
  let armed = 0;       // clicks before this time belong to an earlier picture

  let parsed = null;
  let parsedFrom = null;
  function scene() {
    const text = model.get("scene") || "{}";
    if (text !== parsedFrom) { parsed = JSON.parse(text); parsedFrom = text; }
    return parsed;
  }

  function targets() { return scene().targets || []; }

  function draw(force) {
    const s = scene();
    if (!s.w) return;
    const fit = model.get("fit");
    const room = el.clientWidth;
    let cssW = fit && room > 0 ? room : s.w;
    const most = model.get("max_scale");
    if (fit && most > 0) cssW = Math.min(cssW, s.w * most);
    const scale = cssW / s.w;
    const dpr = window.devicePixelRatio || 1;
    const key = [s.v, cssW, dpr, focus, document.activeElement === canvas].join(",");
    if (!force && key === shown) return;
    shown = key;
    canvas.style.width = cssW + "px";
    canvas.style.height = s.h * scale + "px";
    const bw = Math.max(1, Math.round(cssW * dpr));
    const bh = Math.max(1, Math.round(s.h * scale * dpr));
    if (canvas.width !== bw) canvas.width = bw;
    if (canvas.height !== bh) canvas.height = bh;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.clearRect(0, 0, bw, bh);
    ctx.setTransform(scale * dpr, 0, 0, scale * dpr, 0, 0);
    if (s.bg) { ctx.fillStyle = s.bg; ctx.fillRect(0, 0, s.w, s.h); }
    for (const it of s.items) drawItem(ctx, it);
    const t = targets();
    if (document.activeElement === canvas && focus >= 0 && focus < t.length) {
      const [, l, top, r, b] = t[focus];
      ctx.globalAlpha = 1;
      ctx.setLineDash([]);
      ctx.lineWidth = 3 / scale;
      ctx.strokeStyle = "#ffffff";
      ctx.strokeRect(l - 5 / scale, top - 5 / scale, r - l + 10 / scale, b - top + 10 / scale);
      ctx.strokeStyle = RING;
      ctx.setLineDash([6 / scale, 3 / scale]);
      ctx.strokeRect(l - 4 / scale, top - 4 / scale, r - l + 8 / scale, b - top + 8 / scale);
      ctx.setLineDash([]);
    }
    canvas.dataset.version = String(s.v);
    canvas.dataset.scene = `${s.w}x${s.h}`;
    canvas.gaiaTargets = t; // for tests and benchmarks: [id, left, top, right, bottom, label]
    canvas.dataset.drawn = String(performance.now());
  }

  function describe() {
    const t = targets();
    canvas.tabIndex = t.length ? 0 : -1;
    let label = model.get("description") || "Board";
    if (t.length) label += ` ${t.length} highlighted places: use the arrow keys to go through them and Enter to pick one.`;
    canvas.setAttribute("aria-label", label);
  }

  function announce() {
    const t = targets();
    if (focus >= 0 && focus < t.length) live.textContent = `${t[focus][5]} (${focus + 1} of ${t.length})`;
  }

  function onScene() {
    waiting = false;
    canvas.style.cursor = "";
    const t = targets();
    const again = t.findIndex(x => x[0] === focusId);
    focus = t.length ? (again >= 0 ? again : Math.min(Math.max(focus, 0), t.length - 1)) : -1;
    focusId = focus >= 0 ? t[focus][0] : null;
    describe();
    draw(true);
    if (document.activeElement === canvas) announce();
  }

  function send(message, key) {
    if (waiting || (!key && performance.now() < armed)) return;
    waiting = true;
    canvas.style.cursor = "progress";
    setTimeout(() => { waiting = false; canvas.style.cursor = ""; }, 3000); // never stuck
    model.send(Object.assign({ version: scene().v }, message));
  }

  canvas.addEventListener("pointerdown", e => {
    if (e.button !== 0) return;
    const s = scene();
    if (!s.w) return;
    const box = canvas.getBoundingClientRect();
    const x = (e.clientX - box.left) * s.w / box.width;
    const y = (e.clientY - box.top) * s.h / box.height;
    e.preventDefault(); // no focus ring, no scroll: a click is not a keyboard visit
    send({ event: "click", x: x, y: y });
  });

  canvas.addEventListener("keydown", e => {
    const t = targets();
    if (e.key === "Escape") { canvas.blur(); return; }
    if (!t.length || e.altKey || e.ctrlKey || e.metaKey) return;
    let next = focus;
    if (e.key === "ArrowRight" || e.key === "ArrowDown") next = (focus + 1) % t.length;
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") next = (focus - 1 + t.length) % t.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = t.length - 1;
    else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (focus >= 0) send({ event: "pick", id: t[focus][0] }, true);
      return;
    } else return; // Tab, Shift+Tab and every other key keep their usual meaning
    e.preventDefault();
    focus = next;
    focusId = t[focus][0];
    draw(false);
    announce();
  });

  canvas.addEventListener("focus", () => {
    if (focus < 0 && targets().length) { focus = 0; focusId = targets()[0][0]; }
    draw(false);
    announce();
  });
  canvas.addEventListener("blur", () => draw(false));

  model.on("change:scene", () => { armed = performance.now() + GUARD_MS; onScene(); });
  model.on("change:description", describe);
  model.on("change:fit", () => { draw(true); reportSoon(); });
  model.on("msg:custom", m => {
    if (m && m.event === "answered") { waiting = false; canvas.style.cursor = ""; }
  });
  let reported = model.get("room") || 0;
  let reportTimer = null;
  function report() {
    reportTimer = null;
    const room = Math.round(el.clientWidth);
    if (!model.get("fit") || room <= 0 || Math.abs(room - reported) < REPORT_STEP) return;
    reported = room;
    model.set("room", room);
    model.save_changes();
  }
  function reportSoon() { if (reportTimer === null) reportTimer = setTimeout(report, REPORT_MS); }

  const observer = new ResizeObserver(() => { draw(false); reportSoon(); });
  observer.observe(el);
  const media = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
  const onRatio = () => draw(false);
  media.addEventListener("change", onRatio);
  onScene();
  report();
  return () => {
    observer.disconnect();
    media.removeEventListener("change", onRatio);
    if (reportTimer !== null) clearTimeout(reportTimer);
  };
}

export default { render };
