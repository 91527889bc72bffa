/* The lobby's socket, /ws/lobby/ (games.consumers.LobbyConsumer).
 *
 * Live games: each change of a listed game comes as its spectators' frame, the game page's
 * state (games/frames.py: a spectator's, the broadcast delay later for a delayed event);
 * its row shows the ply and the last move, or the result once the game is over. A live game
 * that starts while the page is open comes as its row, put at the top of the list; the list
 * keeps the newest rows, as many as the page lists (data-listed).
 *
 * A member with challenges out: when one is accepted, go to its game. Once the socket is
 * open the page asks the API once, for an acceptance sent before it listened; without a
 * socket it asks every few seconds. */
(function () {
  "use strict";
  const table = document.querySelector("table.challenges.sent");
  const rows = table ? table.querySelectorAll("tr[data-challenge]") : [];
  const live = document.querySelector("ul.live-games");
  const section = document.getElementById("live-games");
  // URLs with the id 0, from the page: "/…/0/" → "/…/<id>/".
  const url = (template, id) => template.replace(/\/0\/$/, `/${id}/`);
  const ids = Array.from(rows, (row) => row.dataset.challenge);
  let polling = null;

  function go(target) { window.location.assign(target); }

  function check() {
    for (const id of ids) {
      fetch(url(table.dataset.challengeUrl, id), {credentials: "same-origin", headers: {Accept: "application/json"}})
        .then((r) => (r.ok ? r.json() : null))
        .then((c) => { if (c && c.game_id) go(url(table.dataset.gameUrl, c.game_id)); })
        .catch(() => {});
    }
  }

  function poll() {
    if (polling || !ids.length) return;
    polling = window.setInterval(check, 5000);
  }

  // A frame redraws its game's row; a frame older than what the row shows (a late one) is dropped.
  function drawGame(state) {
    const row = live && live.querySelector(`li[data-game="${state.id}"]`);
    if (!row || state.ply < Number(row.dataset.ply || 0)) return;
    row.dataset.ply = String(state.ply);
    const text = row.querySelector(".live-state");
    const last = state.moves && state.moves.length ? state.moves[state.moves.length - 1] : null;
    if (!state.ongoing) {
      text.textContent = state.status_text;
      row.classList.add("over");
    } else if (last && last.ply === state.ply) {
      text.textContent = live.dataset.plyText.replace("{ply}", state.ply).replace("{last}", last.notation);
    }
  }

  function listGame(message) {
    if (!live || live.querySelector(`li[data-game="${message.id}"]`)) return;
    const template = document.createElement("template");
    template.innerHTML = message.row;
    const row = template.content.firstElementChild;
    if (!row) return;
    live.prepend(row);
    while (live.children.length > Number(live.dataset.listed)) live.lastElementChild.remove();
    if (section) section.hidden = false;
  }

  if (!("WebSocket" in window)) { poll(); return; }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const lang = encodeURIComponent(document.documentElement.lang || "");

  function connect(wait) {
    const socket = new WebSocket(`${scheme}://${location.host}/ws/lobby/?lang=${lang}`);
    socket.addEventListener("open", () => {
      wait = 1000;
      if (live) live.dataset.socketOpen = "1";
      if (ids.length) check();
    });
    socket.addEventListener("message", (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      if (message.type === "challenge-accepted") go(message.url);
      else if (message.type === "state") drawGame(message);
      else if (message.type === "game-listed") listGame(message);
    });
    socket.addEventListener("close", () => {
      if (live) live.dataset.socketOpen = "";
      poll();
      // The live games' next frames come to a new socket (each frame tells its game's ply and last move).
      if (live) window.setTimeout(() => connect(Math.min(wait * 2, 30000)), wait);
    });
  }
  connect(1000);
})();
