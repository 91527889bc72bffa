/* The positions of the games awaiting adjudication on the event's desk: each
 * [data-position-fen] element gets the club's board (static/games/board.js),
 * drawn once and not playable — a picture of the position the arbiter judges,
 * its FEN written beside it for those who do not see it. */
(function () {
  "use strict";
  document.querySelectorAll("[data-position-fen]").forEach(function (el) {
    const board = new ClubBoard(el, {
      size: parseInt(el.dataset.size, 10),
      kind: el.dataset.kind,
      notation: el.dataset.notation,
    });
    board.update({pieces: ClubBoard.parseFen(el.dataset.positionFen, board.geometry), interactive: false});
    // A picture, not a control: no focus stop, no application role.
    board.svg.setAttribute("role", "img");
    board.svg.removeAttribute("tabindex");
    board.svg.removeAttribute("aria-roledescription");
    board.svg.setAttribute("aria-label", el.dataset.positionFen);
  });
})();
