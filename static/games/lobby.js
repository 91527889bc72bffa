/* The lobby of a member with challenges out: when one is accepted, go to its game.
 * The server says so on /ws/lobby/ (games.consumers.LobbyConsumer); once the socket
 * is open the page asks the API once, for an acceptance sent before it listened;
 * without a socket it asks every few seconds. */
(function () {
  "use strict";
  const table = document.querySelector("table.challenges.sent");
  const rows = table ? table.querySelectorAll("tr[data-challenge]") : [];
  if (!rows.length) return;
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
    if (polling) return;
    polling = window.setInterval(check, 5000);
  }

  if (!("WebSocket" in window)) { poll(); return; }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/lobby/`);
  socket.addEventListener("open", check);
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "challenge-accepted") go(message.url);
  });
  socket.addEventListener("close", poll);
  socket.addEventListener("error", poll);
})();
