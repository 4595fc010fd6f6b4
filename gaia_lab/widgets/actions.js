// The legal actions of one decision, as buttons and menus (an anywidget module).
//
// Every offer the kernel sends has a version; a press sends the action's index
// with the version it was drawn for, and the kernel plays it only while that
// offer is the one on show. From a press until the kernel answers, every
// control is disabled, and the new controls take no press for a moment after they
// appear (no one can read them faster): a double-click or a burst of clicks plays
// one action, never one of the next decision.
//
// A long menu comes with its first label only (and "fill": true): the others are
// asked for when the learner reaches for the menu (the pointer over its row, the
// focus in it, a press on it), and written into its options when they arrive; the
// options are there from the start, so the arrow keys walk them at once.

const GUARD_MS = 400;
const LATER = "…"; // an option of a long menu before its label arrives

function button(text, title) {
  const b = document.createElement("button");
  b.className = "jupyter-widgets jupyter-button widget-button gaia-action";
  b.type = "button";
  b.textContent = text;
  if (title) b.title = title;
  return b;
}

function render({ model, el }) {
  el.classList.add("gaia-actions");
  let offer = {};
  let busy = false;
  let timer = null;
  let armed = 0; // presses before this time are taken as the tail of an earlier burst

  function setBusy(value) {
    busy = value;
    el.classList.toggle("gaia-busy", value);
    el.setAttribute("aria-busy", value ? "true" : "false");
    for (const c of el.querySelectorAll("button, select")) c.disabled = value;
    if (timer) { clearTimeout(timer); timer = null; }
    if (value) timer = setTimeout(() => setBusy(false), 5000); // never stuck
  }

  function send(message) {
    if (busy || performance.now() < armed) return;
    const v = offer.v;
    setBusy(true);
    model.send(Object.assign({ version: v }, message));
  }

  // the long menus of the offer on show by their place in it, and those asked for
  let menus = new Map();
  let asked = new Set();

  function ask(k) {
    if (asked.has(k)) return;
    asked.add(k);
    model.send({ event: "labels", group: k, version: offer.v });
  }

  function fill(m) {
    const select = m.version === offer.v ? menus.get(m.group) : undefined;
    if (!select || !Array.isArray(m.labels)) return;
    const options = select.options;
    for (let i = 0; i < options.length && i < m.labels.length; i++) {
      if (options[i].textContent !== m.labels[i]) options[i].textContent = m.labels[i];
    }
    select.dataset.filled = "true";
  }

  function draw() {
    offer = JSON.parse(model.get("offer_json") || "{}");
    menus = new Map();
    asked = new Set();
    el.replaceChildren();
    el.dataset.version = String(offer.v);
    if (offer.note) {
      const p = document.createElement("div");
      p.className = "gaia-actions-note";
      p.innerHTML = offer.note;
      el.append(p);
    }
    if (!offer.groups || !offer.groups.length) {
      const p = document.createElement("div");
      p.className = "gaia-muted";
      p.textContent = offer.empty || "";
      el.append(p);
    }
    for (const group of offer.groups || []) {
      // a menu comes as its indices and its labels (an option has no hover text)
      const actions = group.actions ||
        group.indices.map((index, k) => [index, group.labels[k], ""]);
      const row = document.createElement("div");
      row.className = "gaia-actions-row";
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", group.verb);
      const head = document.createElement("b");
      head.textContent = group.verb + (group.menu ? ` (${actions.length})` : "");
      row.append(head);
      if (group.menu) {
        const select = document.createElement("select");
        select.className = "gaia-actions-menu";
        select.setAttribute("aria-label", group.verb);
        for (const [index, label] of actions) {
          const o = document.createElement("option");
          o.value = String(index);
          o.textContent = label === undefined ? LATER : label;
          select.append(o);
        }
        const play = button("Play", "Play the action chosen in the list");
        play.addEventListener("click", () => send({ event: "play", index: Number(select.value) }));
        row.append(select, play);
        if (group.fill) {
          const k = offer.groups.indexOf(group);
          menus.set(k, select);
          const reach = () => ask(k);
          row.addEventListener("pointerenter", reach);
          row.addEventListener("focusin", reach);
          select.addEventListener("pointerdown", reach);
          select.addEventListener("keydown", reach);
        }
      } else {
        for (const [index, label, title] of actions) {
          const b = button(label, title);
          b.addEventListener("click", () => send({ event: "play", index: index }));
          row.append(b);
        }
      }
      el.append(row);
    }
    if (offer.clear) {
      const b = button(offer.clear, "Show every legal action again");
      b.addEventListener("click", () => send({ event: "clear" }));
      el.append(b);
    }
    setBusy(false);
  }

  model.on("change:offer_json", () => { armed = performance.now() + GUARD_MS; draw(); });
  model.on("msg:custom", m => {
    if (m && m.event === "answered") setBusy(false);
    else if (m && m.event === "labels") fill(m);
  });
  draw();
}

export default { render };
