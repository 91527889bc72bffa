// The results pages: the print button, and a round's live boards and standings.
(function () {
  "use strict";
  document.querySelectorAll(".print-button").forEach(function (button) {
    button.addEventListener("click", function () { window.print(); });
  });

  // A figure's arithmetic is fetched when its box is first opened (the link stays without scripts).
  document.querySelectorAll("details[data-arithmetic]").forEach(function (box) {
    box.addEventListener("toggle", function () {
      if (!box.open || box.dataset.loaded) return;
      box.dataset.loaded = "1";
      fetch(box.dataset.arithmetic, { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
        .then(function (html) { box.querySelector(".arithmetic").innerHTML = html; })
        .catch(function () { delete box.dataset.loaded; });
    });
  });

  var live = document.getElementById("live-round");
  if (!live || !live.dataset.live) return;
  var standings = document.getElementById("live-standings-frame");
  var lang = document.documentElement.lang || "";
  var pollTimer = null;

  // Each small board is drawn by the game page's board (static/games/board.js) from its FEN.
  function drawBoard(box, fen, last) {
    if (!window.ClubBoard || !box) return;
    if (!box.clubBoard) {
      box.textContent = "";
      box.clubBoard = new window.ClubBoard(box, {
        size: Number(box.dataset.size), kind: box.dataset.kind, notation: box.dataset.notation
      });
    }
    box.clubBoard.update({
      pieces: window.ClubBoard.parseFen(fen, box.clubBoard.geometry),
      lastMove: last, legalMoves: [], interactive: false
    });
  }

  function drawBoards() {
    live.querySelectorAll(".mini-board").forEach(function (box) {
      drawBoard(box, box.dataset.fen, box.dataset.last ? box.dataset.last.split(" ") : []);
    });
  }

  // A game's state as its spectators see it (the game page's frame, games/frames.py): one board redrawn.
  var playing = JSON.parse(live.dataset.playing || "{}");
  var plural = window.Intl && Intl.PluralRules ? new Intl.PluralRules(lang || "en") : null;
  function drawGame(state) {
    var row = live.querySelector('tr[data-game="' + state.id + '"]');
    if (!row) return;
    var box = row.querySelector(".mini-board");
    var last = state.moves && state.moves.length ? state.moves[state.moves.length - 1].path || [] : [];
    if (box) drawBoard(box, state.fen, state.ply ? last : []);
    var result = row.querySelector("td.result");
    if (result) {
      var form = playing[plural ? plural.select(state.ply) : "other"] || playing.other || "";
      result.textContent = state.ongoing ? form.replace(/\d+/, String(state.ply)) : state.status_text;
    }
    row.classList.toggle("live", !!state.ongoing);
    live.dataset.updates = String(Number(live.dataset.updates || 0) + 1);
  }

  function draw(message) {
    if (message && message.type === "state") { drawGame(message); return; }
    if (!message || message.type !== "round") return;
    if (message.boards_html !== undefined && live.innerHTML.trim() !== message.boards_html.trim()) {
      live.innerHTML = message.boards_html;
      drawBoards();
      live.classList.add("updated");
      setTimeout(function () { live.classList.remove("updated"); }, 1200);
    }
    if (standings && message.standings_html !== undefined) standings.innerHTML = message.standings_html;
    live.dataset.updates = String(Number(live.dataset.updates || 0) + 1);
  }

  function poll() {
    fetch(live.dataset.live, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(draw)
      .catch(function () {});
  }

  function startPolling() {
    if (!pollTimer) pollTimer = setInterval(poll, 10000);
  }

  function connect(delay) {
    if (!("WebSocket" in window) || !live.dataset.socket) { startPolling(); return; }
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + live.dataset.socket + "?lang=" + encodeURIComponent(lang));
    socket.onopen = function () {
      if (pollTimer) { clearInterval(pollTimer); pollTimer = null; }
      live.dataset.socketOpen = "1";
    };
    socket.onmessage = function (event) {
      try { draw(JSON.parse(event.data)); } catch (e) { /* not ours */ }
    };
    socket.onclose = function () {
      live.dataset.socketOpen = "";
      startPolling();
      setTimeout(function () { connect(Math.min((delay || 1000) * 2, 30000)); }, delay || 1000);
    };
  }
  drawBoards();
  connect(1000);
})();
