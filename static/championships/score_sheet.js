/* The score-sheet page: the club's board (games/board.js) shows the record's
 * position; a move clicked on it is typed into the form and sent, exactly as if
 * it had been written in the notation box. The server checks every move. */
(function () {
  "use strict";
  function start() {
    const box = document.getElementById("sheet-board");
    const legal = document.getElementById("sheet-legal");
    if (!box || !legal || !window.ClubBoard) return;
    const form = document.getElementById("sheet-form");
    const moves = document.getElementById("sheet-moves");
    const board = new window.ClubBoard(box, {
      size: parseInt(box.dataset.size, 10), kind: box.dataset.kind, notation: box.dataset.notation,
      onMove: (notation) => { moves.value = notation; form.submit(); },
    });
    board.update({pieces: window.ClubBoard.parseFen(box.dataset.fen, board.geometry),
                  legalMoves: JSON.parse(legal.textContent)});
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
