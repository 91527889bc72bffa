/* The game page: board, move list, clocks, buttons, live updates.
 *
 * The server is the only judge: the page shows the state it gets (from the
 * page itself, the WebSocket or polling), lets the player pick one of the
 * legal moves the server listed, and POSTs it to the game API with the ply
 * it expects to follow and an idempotency key. A refused or stale move just
 * brings a fresh state.
 *
 * Live updates: a WebSocket to /ws/games/<id>/?since=<ply>; while it is not
 * open the page polls the state URL, and every (re)connect asks for the moves
 * after the last ply seen, so nothing is lost across a drop.
 */
(function () {
  "use strict";

  const root = document.getElementById("game");
  if (!root) return;
  const T = JSON.parse(document.getElementById("game-texts").textContent);
  let state = JSON.parse(document.getElementById("game-state").textContent);
  const moves = []; // every move so far: {ply, notation, path, fen}
  let viewPly = null; // null = follow the live position; else the ply shown
  let socket = null, socketFailures = 0, pollTimer = null, clockTimer = null, receivedAt = 0;
  let pending = false;
  let offerWithMove = false;
  let lastFlagCheck = 0;

  const $ = (sel) => root.querySelector(sel);
  const boardBox = $("#board");
  const board = new ClubBoard(boardBox, {
    size: state.board.size, kind: state.board.kind, notation: state.board.notation, origin: state.board.origin,
    labels: T.board, onMove: (notation) => submitMove(notation), onRefused: (square) => refused(square),
  });
  window.clubGame = {board, get state() { return state; }, get moves() { return moves; },
                     get socket() { return socket; }};

  function csrf() {
    const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return m ? decodeURIComponent(m[1]) : "";
  }

  function uuid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return "k" + Date.now().toString(36) + Math.random().toString(36).slice(2);
  }

  /* --- state ----------------------------------------------------------- */
  function accept(next) {
    if (!next || next.id !== state.id) return;
    // A state older than what we show (a slow poll racing the socket) is ignored.
    if (next.ply < state.ply && next.status === state.status) return;
    for (const m of next.moves || []) {
      if (m.ply === moves.length + 1) moves.push(m);
      else if (m.ply <= moves.length) moves[m.ply - 1] = m;
    }
    if (next.ply < moves.length) moves.length = next.ply; // a take-back or an annulled move
    const hadPly = state.ply;
    state = next;
    receivedAt = performance.now();
    if (viewPly !== null && (viewPly >= state.ply || hadPly !== state.ply && viewPly === hadPly)) viewPly = null;
    if (moves.length < state.ply) resync();
    render();
  }

  function render() {
    renderBoard();
    renderMoves();
    renderPlayers();
    renderButtons();
    renderStatus();
    renderClocks();
  }

  function shownPly() { return viewPly === null ? state.ply : viewPly; }

  function renderBoard() {
    const ply = shownPly();
    const live = ply === state.ply;
    const fen = live ? state.fen : ply === 0 ? state.start_fen : moves[ply - 1].fen;
    const last = ply > 0 && moves[ply - 1] ? moves[ply - 1].path || [] : [];
    const mine = live && state.ongoing && state.my_turn && !pending;
    const origin = state.board.origin || [0, 0];
    const g = board.geometry;
    if (g.size !== state.board.size || g.origin[0] !== origin[0] || g.origin[1] !== origin[1]) {
      board.reshape(state.board.size, origin);  // the infinite field grew (004)
    }
    board.update({
      pieces: ClubBoard.parseFen(fen, board.geometry),
      lastMove: last,
      legalMoves: mine ? state.legal_moves.filter(isBoardMove) : [],
      pairPoints: mine ? state.pair_points || [] : [],
      fouls: live ? state.fouls || [] : [],
      offers: live && state.protocol ? state.protocol.offers : [],
      interactive: mine,
      turn: state.turn,
    });
    root.dataset.ply = String(state.ply);
    root.dataset.viewPly = String(ply);
    root.dataset.status = state.status;
    root.dataset.myTurn = mine ? "1" : "0";
  }

  function isBoardMove(m) {
    const path = ClubBoard.pathOf(m);
    return path.length > 0 && path.every((sq) => board.geometry.coords(sq) !== null);
  }

  function renderMoves() {
    const list = $("#moves");
    list.textContent = "";
    const byPair = state.board.kind === "draughts";
    let row = null;
    // Renju protocol steps (swap, offers) are not moves: the facts list them.
    moves.filter((m) => !m.protocol).forEach((m, i) => {
      const number = byPair ? Math.floor(i / 2) + 1 : i + 1;
      if (!byPair || i % 2 === 0) {
        row = document.createElement("li");
        row.value = number;
        list.appendChild(row);
      }
      const b = document.createElement("button");
      b.type = "button";
      b.className = "move" + (shownPly() === m.ply ? " current" : "");
      b.textContent = m.notation;
      b.dataset.ply = String(m.ply);
      b.addEventListener("click", () => view(m.ply));
      row.appendChild(b);
    });
    const current = list.querySelector(".current");
    if (current && viewPly === null) current.scrollIntoView({block: "nearest"});
  }

  function renderPlayers() {
    for (const colour of ["white", "black"]) {
      const p = state.players[colour] || {};
      const box = $(`.player-${colour} .name`);
      if (box) box.textContent = p.name || "?";
      const row = $(`.player-${colour}`);
      if (row) row.classList.toggle("to-move", state.ongoing && state.turn === colour);
    }
    // Draughts: the player's own side at the bottom. Renju boards keep row 1
    // at the bottom for everyone, as renju diagrams do.
    const own = state.board.kind === "draughts" && state.my_color === "black";
    const flipped = own !== (root.dataset.userFlip === "1");
    if (board.state.flipped !== flipped) board.update({flipped});
    root.classList.toggle("flipped", flipped);
  }

  function renderButtons() {
    const box = $("#actions");
    box.textContent = "";
    if (!state.ongoing) return;
    const live = shownPly() === state.ply;
    // Opening-protocol steps and pass: legal moves that are not squares.
    if (live && state.my_turn) {
      for (const m of state.legal_moves) {
        if (isBoardMove(m)) continue;
        addButton(box, T.actions[m.notation.split(" ")[0]] ? actionLabel(m.notation) : m.notation,
                  () => submitMove(m.notation), "move-action", m.notation);
      }
    }
    if (live && state.my_turn && state.may_offer_with_move) {
      const label = document.createElement("label");
      label.className = "offer-with-move";
      const check = document.createElement("input");
      check.type = "checkbox";
      check.id = "offer-with-move";
      check.checked = offerWithMove;
      check.addEventListener("change", () => { offerWithMove = check.checked; });
      label.append(check, " " + T.offerWithMove);
      box.appendChild(label);
    }
    for (const b of state.buttons || []) {
      addButton(box, b.label, () => {
        if (b.confirm && !window.confirm(b.confirm)) return;
        post(b.url, b.body || {});
      }, "game-action" + (b.style ? " " + b.style : ""), b.id);
    }
  }

  function renderProtocolFacts() {
    const list = $("#protocol-facts");
    if (!list) return;
    list.textContent = "";
    for (const [term, value] of (state.protocol && state.protocol.facts) || []) {
      const dt = document.createElement("dt"), dd = document.createElement("dd");
      dt.textContent = term;
      dd.textContent = value;
      list.append(dt, dd);
    }
    list.hidden = !list.firstChild;
  }

  /* --- fouls (002 9.2) ------------------------------------------------------- */
  function foulText(template, square) {
    return template.replace("%(point)s", square).replace("%(kind)s", (state.foul_kinds || {})[square] || "");
  }

  function refused(square) {
    // Under "a foul is refused" a × is no legal move: say why the click did nothing.
    if (state.my_turn && (state.foul_kinds || {})[square]) showError(foulText(T.foulRefused, square));
  }

  /* --- my turn: tab title and an optional sound ----------------------------- */
  const baseTitle = document.title;
  let wasMyTurn = state.ongoing && state.my_turn, audio = null;
  const soundBox = document.getElementById("move-sound");
  function soundOn() { return soundBox && soundBox.checked; }
  if (soundBox) {
    soundBox.checked = localStorage.getItem("club.moveSound") === "1";
    soundBox.addEventListener("change", () => localStorage.setItem("club.moveSound", soundBox.checked ? "1" : "0"));
  }
  function beep() {
    try {
      audio = audio || new AudioContext();
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.25);
    } catch (e) { /* no audio: the tab title still says it */ }
  }

  function actionLabel(notation) {
    const [word, n] = notation.split(" ");
    return (T.actions[word] || word) + (n ? " " + n : "");
  }

  function addButton(box, label, onClick, cls, id) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "button " + cls;
    b.textContent = label;
    b.dataset.action = id;
    b.disabled = pending;
    b.addEventListener("click", onClick);
    box.appendChild(b);
  }

  function renderStatus() {
    const box = $("#status");
    let text = state.status_text || "";
    const step = state.ongoing && state.protocol ? state.protocol.step : "";
    if (state.ongoing && state.my_color) {
      text = state.my_turn ? T.yourMove : T.opponentsMove;
    }
    // Clocks stopped by the arbiter (an adjournment): neither side moves; the page says until when.
    if (state.ongoing && state.paused_text) text = state.paused_text;
    // The renju opening protocol: name the step and whose it is (002 §12).
    if (step && !state.paused_text) text = state.my_color ? text + " · " + step : step;
    if (state.start_text) text += " · " + state.start_text;
    if (state.delay_text) text += " · " + state.delay_text;
    box.textContent = text;
    renderProtocolFacts();
    // A tab in the background shows whose turn it is; a sound if the player asked for one.
    const mine = state.ongoing && state.my_turn;
    document.title = (mine ? "● " : "") + baseTitle;
    if (mine && !wasMyTurn && soundOn()) beep();
    wasMyTurn = mine;
    if (soundBox) soundBox.closest("label").hidden = !state.ongoing;
    const offer = $("#offer");
    offer.textContent = state.offer_text || "";
    root.dataset.result = state.result || "";
  }

  /* --- clocks ------------------------------------------------------------ */
  function fmt(ms) {
    if (ms === null || ms === undefined) return "";
    ms = Math.max(0, ms);
    const s = Math.floor(ms / 1000);
    const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600);
    const m = Math.floor((s % 3600) / 60), sec = s % 60;
    const two = (n) => String(n).padStart(2, "0");
    if (d > 0) return `${d}${T.days} ${two(h)}:${two(m)}:${two(sec)}`;  // one format with "23:59:59"
    if (h > 0) return `${h}:${two(m)}:${two(sec)}`;
    if (s < 10 && ms > 0) return `${m}:${two(sec)}.${Math.floor((ms % 1000) / 100)}`;  // a fallen flag: 0:00
    return `${m}:${two(sec)}`;
  }

  function renderClocks() {
    const c = state.clock;
    for (const colour of ["white", "black"]) {
      const el = $(`.player-${colour} .clock`);
      if (!el) continue;
      if (!c || c[colour + "_ms"] === undefined || c[colour + "_ms"] === null) { el.textContent = ""; continue; }
      let ms = c[colour + "_ms"];
      const running = state.ongoing && c.running === colour;
      if (running) ms -= performance.now() - receivedAt;
      el.textContent = fmt(ms);
      // The flag falls on the server (its sweep ends the game); ask it, as the
      // sweep may run in a worker whose push cannot reach this page.
      if (running && ms <= 0 && Date.now() - lastFlagCheck > 2000) {
        lastFlagCheck = Date.now();
        resync();
      }
      el.classList.toggle("running", running);
      el.classList.toggle("low", running && ms < 20000);
      // A time bank: the running clock counts this move's time (at most the cap), the other the bank.
      const label = $(`.player-${colour} .clock-label`);
      if (label) {
        label.hidden = !c.bank;
        label.textContent = c.bank ? (running ? T.clockThisMove : T.clockBank) : "";
      }
    }
  }

  clockTimer = setInterval(renderClocks, 200);
  // Even with the socket open, a slow check: changes made outside the web
  // process (a deadline swept by a worker on the embedded in-memory layer)
  // are not pushed.
  setInterval(() => { if (socket && state.ongoing) resync(); }, 60000);

  /* --- viewer -------------------------------------------------------------- */
  function view(ply) {
    ply = Math.max(0, Math.min(state.ply, ply));
    viewPly = ply === state.ply ? null : ply;
    renderBoard();
    renderMoves();
    renderButtons();
  }
  $("#first").addEventListener("click", () => view(0));
  $("#prev").addEventListener("click", () => view(shownPly() - 1));
  $("#next").addEventListener("click", () => view(shownPly() + 1));
  $("#last").addEventListener("click", () => view(state.ply));
  $("#flip").addEventListener("click", () => {
    root.dataset.userFlip = root.dataset.userFlip === "1" ? "0" : "1";
    renderPlayers();
  });
  root.addEventListener("keydown", (e) => {
    if (e.target.closest("svg, input, textarea, select")) return;
    if (e.key === "ArrowLeft") { view(shownPly() - 1); e.preventDefault(); }
    if (e.key === "ArrowRight") { view(shownPly() + 1); e.preventDefault(); }
    if (e.key === "Home") { view(0); e.preventDefault(); }
    if (e.key === "End") { view(state.ply); e.preventDefault(); }
  });

  /* --- actions ------------------------------------------------------------- */
  async function post(url, body) {
    pending = true;
    render();
    showError("");
    try {
      const response = await fetch(url, {
        method: "POST", credentials: "same-origin",
        headers: {"Content-Type": "application/json", "X-CSRFToken": csrf(), "Accept": "application/json"},
        body: JSON.stringify(body),
      });
      if (!response.ok) {
        // The API's refusals are {"error": code, "detail": text naming the rule}.
        let detail = "", code = "";
        try {
          const data = await response.json();
          code = typeof data.error === "string" ? data.error : "";
          detail = data.detail || JSON.stringify(data);
        } catch (e) { detail = response.statusText; }
        // A stale ply only means the game moved on: the resync below shows it.
        if (code !== "stale-ply") showError(detail);
      }
    } catch (e) {
      showError(T.networkError);
    } finally {
      pending = false;
      resync();
    }
  }

  function submitMove(notation) {
    // Under "a foul loses" a × is a legal move that ends the game: ask first.
    const foul = (state.foul_kinds || {})[notation];
    if (foul && state.foul_policy === "lose" && !window.confirm(foulText(T.foulLoses, notation))) {
      board.cancel();
      return;
    }
    const body = {text: notation, expected_ply: state.ply, idempotency_key: uuid()};
    if (offerWithMove && state.may_offer_with_move) body.offer_draw = true;
    offerWithMove = false;
    post(state.urls.move, body);
  }

  function showError(text) {
    const box = $("#error");
    box.textContent = text;
    box.hidden = !text;
  }

  /* --- live updates ---------------------------------------------------------- */
  async function resync() {
    try {
      const url = state.urls.state + "?since=" + moves.length;
      const response = await fetch(url, {credentials: "same-origin", headers: {"Accept": "application/json"}});
      if (response.ok) accept(await response.json());
    } catch (e) { /* the next poll or socket message will do */ }
    render();
  }

  function startPolling() {
    if (pollTimer) return;
    root.dataset.live = "polling";
    pollTimer = setInterval(resync, state.ongoing ? 2000 : 15000);
  }

  function stopPolling() {
    if (pollTimer) clearInterval(pollTimer);
    pollTimer = null;
  }

  function connect() {
    if (!("WebSocket" in window) || root.dataset.noSocket === "1") { startPolling(); return; }
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    let opened = false;
    try {
      const lang = encodeURIComponent(document.documentElement.lang || "");
      socket = new WebSocket(`${scheme}://${location.host}/ws/games/${state.id}/?since=${moves.length}&lang=${lang}`);
    } catch (e) { startPolling(); return; }
    socket.onopen = () => {
      opened = true;
      socketFailures = 0;
      stopPolling();
      root.dataset.live = "socket";
    };
    socket.onmessage = (event) => {
      const data = JSON.parse(event.data);
      if (data.type === "state") accept(data);
    };
    socket.onclose = () => {
      socket = null;
      if (!opened) socketFailures += 1;
      startPolling();
      // Try the socket again, backing off up to a minute; polling covers the gap.
      const delay = Math.min(60000, 1000 * Math.pow(2, Math.min(socketFailures, 6)));
      setTimeout(connect, delay);
    };
  }

  // The page came with the whole game; later messages bring only what is new.
  for (const m of state.moves || []) moves.push(m);
  receivedAt = performance.now();
  render();
  connect();
  document.addEventListener("visibilitychange", () => { if (!document.hidden) resync(); });
})();
