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

  // The sticky columns of a framed table (results.css: .stuck) each stick where the columns before
  // them end, measured in this language and font, so none covers another or a scrolled column.
  function stick(table) {
    var head = table.tHead && table.tHead.rows[0];
    if (!head) return;
    table.classList.remove("stuck");
    var sticky = [], left = 0;
    for (var i = 0; i < head.cells.length; i++) {
      var cell = head.cells[i];
      if (!cell.matches(".place, .name, .crosstable .num")) break;
      sticky.push([i, left]);
      left += cell.getBoundingClientRect().width;
    }
    if (!sticky.length) return;
    table.classList.add("stuck");
    Array.prototype.forEach.call(table.rows, function (row) {
      sticky.forEach(function (column) {
        var cell = row.cells[column[0]];
        if (cell && cell.colSpan === 1) cell.style.left = column[1] + "px";
      });
    });
  }
  function stickAll(root) {
    root.querySelectorAll("table.framed").forEach(stick);
  }
  stickAll(document);
  window.addEventListener("resize", function () { stickAll(document); });
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(function () { stickAll(document); });

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
  // "playing, move N": N counts moves as a score sheet does, pairs of half-moves (state.ply counts half-moves).
  var playing = live.dataset.playing || "";
  function drawGame(state) {
    var row = live.querySelector('tr[data-game="' + state.id + '"]');
    if (!row) return;
    var box = row.querySelector(".mini-board");
    var last = state.moves && state.moves.length ? state.moves[state.moves.length - 1].path || [] : [];
    if (box) drawBoard(box, state.fen, state.ply ? last : []);
    var result = row.querySelector("td.result");
    if (result) {
      result.textContent = state.ongoing
        ? playing.replace(/\d+/, String(Math.floor(state.ply / 2) + 1)) : state.status_text;
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
    if (standings && message.standings_html !== undefined) {
      standings.innerHTML = message.standings_html;
      stickAll(standings);
    }
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
