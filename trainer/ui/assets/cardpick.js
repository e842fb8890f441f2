const views = new WeakMap();
// The actions of each card set not yet confirmed by Python, and the next number, by token
// (a token is never reused for another question), kept apart from the view: if Streamlit
// mounts the component afresh while actions are on their way, the new view sends them
// again and numbers after them. Starting afresh would reuse numbers Python has already
// read (so the new actions would be ignored) and drop the actions on their way.
const kept = new Map();
const KEEP = 50;
// Streamlit can drop a change sent while a run is under way (a quick burst of taps: the
// last taps never reach Python, the cards stay lit and nothing answers). Python confirms
// the actions it has read (data.seen): actions still unconfirmed once the app has had no
// run for this long are sent again (never during a run, which a resend would interrupt).
const RESEND_IDLE_MS = 500;
const LOOK_MS = 100;

// The keyboard across a fresh mount. Streamlit can mount the cards afresh between two
// runs: the focused card leaves the page with the old view, and until the new one is
// drawn a key goes to the page's body and would be lost (a kind chosen at speed, then
// Enter: "Now choose what they make"). The question (token) and the card or button that
// had the keyboard are noted; keys the cards use, typed while that question's view is
// gone, wait for its next view, which takes the keyboard back where it was and replays them.
const live = new Map();  // token -> the view of that question now (or last) on the page
const keyboard = { token: null, place: null };
const waiting = [];
const WAIT_MS = 3000;  // keys wait this long after the view left, at most
const LIVE = 8;  // the questions whose last view is remembered
const WAITING_KEYS = /^([0-9a-zA-Z ]|Enter|Arrow(Up|Down|Left|Right))$/;

const inPicker = (e) => e.composedPath().some((n) => n.classList && n.classList.contains("cp"));

function strayKey(e) {
  if (e.defaultPrevented || !keyboard.token || e.altKey || e.ctrlKey || e.metaKey) return;
  const active = document.activeElement;
  if (active && active !== document.body && active !== document.documentElement) return;
  if (!WAITING_KEYS.test(e.key)) return;
  const view = live.get(keyboard.token);
  if (view && view.root.isConnected) { view.takeKeyboard(); view.replay(e.key); e.preventDefault(); return; }
  // the view left the page (its cleanup ran, or will run in a moment): keys wait a while
  if (!view) return;
  if (view.goneAt === undefined) view.goneAt = performance.now();
  if (performance.now() - view.goneAt > WAIT_MS) return;
  if (waiting.length < 40) waiting.push({ token: keyboard.token, key: e.key, at: performance.now() });
  e.preventDefault();
}

document.addEventListener("keydown", strayKey);
// the person moved on (a tap or focus elsewhere on the page): no key waits for the cards
const elsewhere = (e) => { if (!inPicker(e)) keyboard.token = null; };
document.addEventListener("pointerdown", elsewhere, true);
document.addEventListener("focusin", elsewhere, true);

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

class Picker {
  constructor(host) {
    this.host = host;
    this.root = el("div", "cp");
    host.appendChild(this.root);
    this.token = null;
    this.root.addEventListener("keydown", (e) => this.onKey(e));
    this.root.addEventListener("focusin", (e) => {
      const t = e.target;
      keyboard.token = this.token;
      keyboard.place = t.dataset.id ? "[data-id='" + t.dataset.id + "']"
        : t.dataset.kind ? "[data-kind='" + t.dataset.kind + "']"
        : t.classList.length ? "." + [...t.classList].filter((c) => c.startsWith("cp-")).join(".") : null;
    });
  }

  // The keyboard back where it was in this question's view before it was mounted afresh.
  takeKeyboard() {
    let target = null;
    try { target = keyboard.place && this.root.querySelector(keyboard.place); } catch (err) { target = null; }
    target = target || this.cardButtons.find((b) => !b.classList.contains("off")) || this.cardButtons[0];
    if (target) target.focus({ preventScroll: true });
  }

  // A key typed while the view was away, as if it had been typed here.
  replay(key) {
    const e = { key, altKey: false, ctrlKey: false, metaKey: false, defaultPrevented: false };
    e.preventDefault = () => { e.defaultPrevented = true; };
    this.onKey(e);
    const target = this.active();
    if (!e.defaultPrevented && (key === "Enter" || key === " ") && target && this.root.contains(target)) target.click();
  }

  reset(data) {
    this.token = data.token;
    this.mode = data.mode;
    const seen = data.seen || 0;
    const before = kept.get(data.token);
    this.log = before ? before.log.filter((e) => e.seq > seen) : [];
    this.nextSeq = Math.max(before ? before.nextSeq : 0, seen + 1);
    // Streamlit can mount the cards afresh between two runs: what the person had chosen
    // comes back as they left it. Python's choice wins only where Python knows it all (a
    // grid sends every tap; once it has read them all, its hand is the one chosen).
    const mine = before && before.selected && (data.mode !== "grid" || this.log.length > 0);
    this.selected = new Set(mine ? before.selected : data.chosen || []);
    this.starterPick = (mine ? before.starter : data.starter) || null;
    this.kind = mine ? before.kind : null;
    this.keep();
    this.locked = this.log.some((e) => e.do === "done" || e.do === "pick" || e.do === "lay");
    this.localMsg = null;
    this.build(data);
    if (this.log.length) this.flushSoon();  // they may not have reached Python
    const earlier = live.get(this.token);
    live.delete(this.token);
    live.set(this.token, this);
    while (live.size > LIVE) live.delete(live.keys().next().value);
    if (keyboard.token === this.token && earlier && earlier !== this) {
      // mounted afresh while the person was typing here: the keyboard comes back, and the
      // keys typed in between are played in order
      this.takeKeyboard();
      const now = performance.now();
      const mine = waiting.filter((w) => w.token === this.token && now - w.at <= WAIT_MS);
      waiting.length = 0;
      for (const w of mine) this.replay(w.key);
    } else if (data.focus) {
      const first = this.cardButtons.find((b) => !b.classList.contains("off")) || this.cardButtons[0];
      if (first) first.focus({ preventScroll: true });
    }
  }

  update(data) {
    if (data.token !== this.token || data.mode !== this.mode) {
      this.data = data;
      this.reset(data);
    } else {
      const before = this.data;
      this.data = data;
      const ids = (d) => d.cards.map((c) => c.id + "|" + (c.off || "") + "|" + (c.tag || "")).join(",");
      if (ids(before) !== ids(data)) this.build(data);
    }
    this.seen = data.seen || 0;
    this.log = this.log.filter((e) => e.seq > this.seen);
    if (this.nextSeq <= this.seen) this.nextSeq = this.seen + 1;
    if (this.log.length === 0) {
      this.locked = !!data.locked;
      // a grid whose every tap Python has read shows Python's hand (a tap it refused
      // goes dark again)
      if (data.mode === "grid" && Array.isArray(data.chosen)) {
        this.selected = new Set(data.chosen);
        this.starterPick = data.starter || null;
      }
    }
    this.paint();
  }

  // --- building the DOM once per card set -------------------------------------------------
  build(data) {
    const root = this.root;
    const active = this.active();
    const focusedId = active && active.dataset ? active.dataset.id : null;
    root.replaceChildren();
    root.dataset.mode = data.mode;
    if (data.prompt) root.appendChild(el("p", "cp-prompt", data.prompt));
    this.cardButtons = [];
    const makeCard = (card, n) => {
      const b = el("button", "cp-card");
      b.type = "button";
      b.dataset.id = card.id;
      b.innerHTML = card.svg;
      if (card.tag) {
        b.classList.add(card.tag);
        b.appendChild(el("span", "cp-tag", card.tag));
      }
      if (data.mode !== "grid" && n < 9) b.appendChild(el("span", "cp-num", String(n + 1)));
      if (card.off) {
        b.classList.add("off");
        b.setAttribute("aria-disabled", "true");
      }
      // read out as words ("ace of hearts"), not as the symbols printed on the card
      b.setAttribute("aria-label", (card.name || card.label) + (card.tag ? " (" + card.tag + ")" : "")
        + (card.off ? ": " + card.off : ""));
      b.addEventListener("click", () => this.tap(card.id));
      this.cardButtons.push(b);
      return b;
    };
    if (data.mode === "grid") {
      const grid = el("div", "cp-grid");
      grid.setAttribute("role", "group");
      grid.setAttribute("aria-label", data.label || "The deck, one row a suit");
      let row = null;
      let suit = null;
      data.cards.forEach((card, n) => {
        const s = card.id.slice(-1);
        if (s !== suit) { suit = s; row = el("div", "cp-row"); grid.appendChild(row); }
        row.appendChild(makeCard(card, n));
      });
      root.appendChild(grid);
      this.summary = el("p", "cp-sum");
      this.summary.setAttribute("aria-live", "polite");
      root.appendChild(this.summary);
      const actions = el("div", "cp-actions");
      this.clearBtn = this.button("Clear", "cp-btn", () => this.clearGrid());
      actions.appendChild(this.clearBtn);
      root.appendChild(actions);
    } else {
      const hand = el("div", "cp-hand");
      hand.setAttribute("role", "group");
      hand.setAttribute("aria-label", data.label || "Your cards");
      data.cards.forEach((card, n) => hand.appendChild(makeCard(card, n)));
      root.appendChild(hand);
    }
    this.kindButtons = [];
    let kinds = null;
    if (data.mode === "claim") {
      kinds = el("div", "cp-kinds");
      kinds.setAttribute("role", "group");
      kinds.setAttribute("aria-label", "They make");
      (data.kinds || []).forEach(([id, label, key]) => {
        const b = this.button(label, "cp-btn cp-kind", () => this.pickKind(id));
        b.dataset.kind = id;
        b.appendChild(el("kbd", "", key));
        b.setAttribute("aria-keyshortcuts", key);
        this.kindButtons.push(b);
        kinds.appendChild(b);
      });
    }
    const actions = el("div", "cp-actions");
    this.mainBtn = null;
    this.undoBtn = null;
    this.doneBtn = null;
    if (data.mode === "claim") {
      this.mainBtn = this.button(data.confirm || "Claim", "cp-btn cp-main cp-claim", () => this.claim());
      this.mainBtn.appendChild(el("kbd", "", "Enter"));
      this.undoBtn = this.button("Undo", "cp-btn cp-undo", () => this.undo());
      this.undoBtn.setAttribute("aria-label", "Undo the last claim");
      this.doneBtn = this.button(data.done || "That's everything", "cp-btn cp-done", () => this.done());
      actions.append(this.mainBtn, this.undoBtn, this.doneBtn);
    } else if (data.mode === "pick") {
      this.mainBtn = this.button(data.confirm || "OK", "cp-btn cp-main cp-confirm", () => this.confirm());
      actions.appendChild(this.mainBtn);
    }
    if (kinds) {
      // what they make and the claim's buttons: one line on a wide screen, two on a phone
      const bar = el("div", "cp-bar");
      bar.append(kinds, actions);
      root.appendChild(bar);
    } else if (actions.childElementCount) root.appendChild(actions);
    this.msg = el("div", "cp-msg");
    this.msg.setAttribute("role", "status");
    this.msg.setAttribute("aria-live", "polite");
    root.appendChild(this.msg);
    if (data.mode === "claim") {
      this.list = el("ol", "cp-claims");
      this.list.setAttribute("aria-label", "Your claims");
      this.total = el("p", "cp-total");
      root.append(this.list, this.total);
    }
    if (focusedId) {
      const again = this.cardButtons.find((b) => b.dataset.id === focusedId);
      if (again) again.focus({ preventScroll: true });
    }
  }

  button(text, cls, onClick) {
    const b = el("button", cls, text);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }

  active() {
    return this.host.activeElement !== undefined ? this.host.activeElement : document.activeElement;
  }

  card(id) { return this.data.cards.find((c) => c.id === id); }

  // --- actions --------------------------------------------------------------------------------
  say(text, tone) {
    this.localMsg = { text, tone: tone || "error" };
    this.paint();
  }

  tap(id) {
    if (this.locked) return;
    const card = this.card(id);
    if (!card) return;
    if (card.off) { this.say(card.off); return; }
    this.localMsg = null;
    const mode = this.data.mode;
    if (mode === "lay") { this.emit({ do: "lay", cards: [id] }); return; }
    if (mode === "grid") { this.tapGrid(id); return; }
    if (this.selected.has(id)) this.selected.delete(id);
    else if (mode === "pick" && this.selected.size >= (this.data.need || 1)) {
      this.say("You have chosen " + this.selected.size + " already: tap one again to change your mind.", "info");
      return;
    } else this.selected.add(id);
    this.paint();
  }

  tapGrid(id) {
    if (this.starterPick === id) this.starterPick = null;
    else if (this.selected.has(id)) this.selected.delete(id);
    else if (this.selected.size < 4) this.selected.add(id);
    else if (this.starterPick === null) this.starterPick = id;
    else { this.say("Four cards and a starter are chosen: tap one to take it out first.", "info"); return; }
    this.paint();
    this.emit({ do: "choose", cards: this.ordered(), starter: this.starterPick });
    if (this.selected.size === 4 && this.starterPick && this.data.reveal) this.revealSoon();
  }

  // Once the page has drawn the answer to a whole hand (the run asked for is over), bring
  // it into view: the grid is tall, and the answer is below it.
  revealSoon() {
    const wanted = this.data.reveal;
    const started = performance.now();
    let seenRunning = false;
    const look = () => {
      const app = document.querySelector('[data-testid="stApp"]');
      const running = app && app.dataset.testScriptState === "running";
      seenRunning = seenRunning || running;
      const found = document.querySelector(wanted);
      if (found && !running && (seenRunning || performance.now() - started > 600)) {
        const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        found.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "center" });
      } else if (performance.now() - started < 8000) {
        requestAnimationFrame(look);
      }
    };
    requestAnimationFrame(look);
  }

  clearGrid() {
    this.selected.clear();
    this.starterPick = null;
    this.localMsg = null;
    this.paint();
    this.emit({ do: "choose", cards: [], starter: null });
  }

  ordered() {
    return this.data.cards.map((c) => c.id).filter((id) => this.selected.has(id));
  }

  pickKind(id) {
    if (this.locked) return;
    this.kind = this.kind === id ? null : id;
    this.localMsg = null;
    this.paint();
  }

  claim() {
    if (this.locked) return;
    if (this.selected.size === 0) { this.say("Choose the cards of the combination first."); return; }
    if (!this.kind) { this.say("Now choose what they make: " + this.kindList() + "."); return; }
    this.emit({ do: "claim", kind: this.kind, cards: this.ordered() });
    this.selected.clear();
    this.kind = null;
    this.paint();
  }

  // Undo what the learner sees last in the list: the undo names that claim, so Python takes
  // out that one (and nothing, if it was a claim Python refused but the list still showed
  // as sent), never the claim before it.
  undo() {
    if (this.locked) return;
    const items = this.items(this.log.filter((e) => e.seq > (this.seen || 0)));
    const last = items[items.length - 1];
    this.emit(last ? { do: "undo", kind: last.kind, cards: last.cards.slice() } : { do: "undo" });
  }

  // "That's everything" carries the claims the learner sees, so Python grades those: after
  // a restart it may have lost the ones it had confirmed, and it must never grade fewer.
  done() {
    if (this.locked) return;
    const items = this.items(this.log.filter((e) => e.seq > (this.seen || 0)));
    this.emit({ do: "done", claims: items.filter((i) => i.kind).map((i) => [i.kind, i.cards.slice()]) });
  }

  items(pending) {
    const claimed = this.data.claimed || [];
    const items = (this.data.claims || []).map((text, n) => ({
      text, pending: false, kind: (claimed[n] || [])[0], cards: (claimed[n] || [null, []])[1] }));
    for (const e of pending) {
      if (e.do === "claim") {
        const cards = e.cards.map((id) => (this.card(id) || { label: id }).label).join(" ");
        items.push({ text: e.kind + ": " + cards, pending: true, kind: e.kind, cards: e.cards });
      } else if (e.do === "undo") items.pop();
    }
    return items;
  }

  confirm() {
    if (this.locked) return;
    const need = this.data.need || 1;
    if (this.selected.size !== need) {
      this.say("Choose " + need + " card" + (need === 1 ? "" : "s") + " first.", "info");
      return;
    }
    this.emit({ do: "pick", cards: this.ordered() });
    this.selected.clear();
    this.paint();
  }

  emit(event) {
    if (this.locked) return;
    if (this.log.length >= this.data.limit) { this.say("Too many actions at once: wait a moment."); return; }
    event.seq = this.nextSeq++;
    this.log.push(event);
    this.keep();
    if (event.do === "done" || event.do === "pick" || event.do === "lay") this.locked = true;
    this.localMsg = null;
    this.paint();
    this.flushSoon();
  }

  keep() {
    kept.delete(this.token);
    kept.set(this.token, {
      log: this.log, nextSeq: this.nextSeq,
      selected: [...this.selected], starter: this.starterPick, kind: this.kind,
    });
    while (kept.size > KEEP) kept.delete(kept.keys().next().value);
  }

  // Send the log just after the tap's own work (so its new state is drawn first, and a
  // burst of taps goes as one update). The whole log goes each time: nothing is lost if
  // an update is overtaken by the next.
  flushSoon() {
    if (this.flushing) return;
    this.flushing = true;
    setTimeout(() => {
      this.flushing = false;
      this.send("log", this.log.slice());
      this.watchSoon();
    }, 0);
  }

  unconfirmed() {
    return this.log.some((e) => e.seq > (this.seen || 0));
  }

  // Until Python has confirmed every action sent, look at the app now and then; once it
  // has been idle for RESEND_IDLE_MS with actions unconfirmed, send them again.
  watchSoon() {
    if (this.watching) return;
    this.watching = true;
    let idleSince = null;
    const look = () => {
      if (!this.unconfirmed() || !this.root.isConnected) { this.watching = false; return; }
      const app = document.querySelector('[data-testid="stApp"]');
      const idle = !app || app.dataset.testScriptState === "notRunning";
      const now = performance.now();
      if (!idle || this.flushing) idleSince = null;
      else if (idleSince === null) idleSince = now;
      else if (now - idleSince >= RESEND_IDLE_MS) {
        idleSince = null;
        this.send("log", this.log.slice());
      }
      setTimeout(look, LOOK_MS);
    };
    setTimeout(look, LOOK_MS);
  }

  // --- keyboard ---------------------------------------------------------------------------------
  onKey(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const mode = this.data.mode;
    const buttons = this.cardButtons;
    const at = buttons.indexOf(this.active());
    const key = e.key;
    if (/^[1-9]$/.test(key) && mode !== "grid") {
      const b = buttons[Number(key) - 1];
      if (b) { e.preventDefault(); b.focus({ preventScroll: true }); this.tap(b.dataset.id); }
      return;
    }
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: mode === "grid" ? 13 : 1, ArrowUp: mode === "grid" ? -13 : -1 }[key];
    if (step !== undefined) {
      e.preventDefault();
      const from = at < 0 ? 0 : at;
      const to = Math.max(0, Math.min(buttons.length - 1, from + (at < 0 ? 0 : step)));
      buttons[to].focus({ preventScroll: true });
      return;
    }
    if (mode === "claim") {
      const kind = (this.data.kinds || []).find((k) => k[2] === key.toLowerCase());
      if (kind) { e.preventDefault(); this.pickKind(kind[0]); return; }
      if (key === "Enter") {
        const target = this.active();
        if (target === this.undoBtn || target === this.doneBtn) return;  // the button's own action
        e.preventDefault();
        this.claim();
        return;
      }
      if (key === "u" || key === "U") { e.preventDefault(); this.undo(); return; }
    }
    if (mode === "pick" && key === "Enter") {
      // Enter on a card chooses it, as a tap (or Space) does; elsewhere it sends the throw
      const target = this.active();
      if (target === this.mainBtn) return;  // the button's own click
      e.preventDefault();
      const card = buttons.includes(target) ? target : null;
      if (card) this.tap(card.dataset.id);
      else this.confirm();
    }
  }

  // --- painting the current state ---------------------------------------------------------------
  paint() {
    const data = this.data;
    this.keep();  // what is chosen now, should the cards be mounted afresh
    const pending = this.log.filter((e) => e.seq > (this.seen || 0));
    for (const b of this.cardButtons) {
      const id = b.dataset.id;
      const on = this.selected.has(id) || this.starterPick === id;
      b.classList.toggle("on", on);
      b.classList.toggle("st", this.starterPick === id);
      if (data.mode !== "lay") b.setAttribute("aria-pressed", on ? "true" : "false");
    }
    for (const b of this.kindButtons) b.setAttribute("aria-pressed", b.dataset.kind === this.kind ? "true" : "false");
    if (this.mainBtn && data.mode === "claim") this.mainBtn.disabled = this.locked;
    if (this.mainBtn && data.mode === "pick") this.mainBtn.disabled = this.locked || this.selected.size !== (data.need || 1);
    if (this.undoBtn) this.undoBtn.disabled = this.locked;
    if (this.doneBtn) this.doneBtn.disabled = this.locked;
    this.root.classList.toggle("locked", this.locked);
    this.root.dataset.pending = String(pending.length);
    // the message: one of ours (just said) wins over Python's
    let text = "";
    let tone = "";
    if (this.localMsg) { text = this.localMsg.text; tone = this.localMsg.tone; }
    else if (pending.some((e) => e.do === "done")) { text = "Counting your claims…"; tone = "info"; }
    else if (data.message && pending.length === 0) { text = data.message; tone = data.tone || "error"; }
    this.msg.textContent = text;
    this.msg.className = "cp-msg" + (tone ? " " + tone : "");
    if (data.mode === "grid") this.paintGrid();
    if (data.mode === "claim") this.paintClaims(pending);
  }

  paintGrid() {
    const label = (id) => (this.card(id) || { label: id }).label;
    const hand = this.ordered().map(label);
    while (hand.length < 4) hand.push("_");
    this.summary.textContent = "Hand: " + hand.join(" ") + " · Starter: "
      + (this.starterPick ? label(this.starterPick) : "_")
      + (this.selected.size < 4 ? " (tap four cards, then the starter)" : this.starterPick ? "" : " (now tap the starter)");
  }

  kindList() {
    // "fifteen, pair, run, double run, flush or nobs": the kinds the page sent
    const names = (this.data.kinds || []).map(([, label]) => label.toLowerCase());
    return names.length > 1 ? names.slice(0, -1).join(", ") + " or " + names[names.length - 1] : names.join("");
  }

  paintClaims(pending) {
    const items = this.items(pending);
    const list = this.list;
    list.replaceChildren(...items.map((item) => {
      const li = el("li", item.pending ? "pending" : "");
      if (!item.kind) { li.textContent = item.text; return li; }
      // shown with the cards' symbols, read out with their names ("fifteen: jack of hearts, …")
      const seen = el("span", "", item.text);
      seen.setAttribute("aria-hidden", "true");
      const names = item.cards.map((id) => { const c = this.card(id); return c ? c.name || c.label : id; });
      li.append(seen, el("span", "cp-sr", item.kind + ": " + names.join(", ")));
      return li;
    }));
    list.dataset.count = String(items.length);
    this.total.textContent = items.length ? "" : (this.data.empty || "Nothing claimed yet.");
    if (items.length && this.data.total !== undefined && !items.some((i) => i.pending)) {
      this.total.textContent = "Your count so far: " + this.data.total;
    }
  }
}

export default function (component) {
  const { data, parentElement, setStateValue } = component;
  let view = views.get(parentElement);
  if (!view) {
    view = new Picker(parentElement);
    views.set(parentElement, view);
  }
  view.send = setStateValue;
  view.update(data || { cards: [] });
  return () => {
    views.delete(parentElement);
    view.goneAt = performance.now();
    view.root.remove();
  };
}
