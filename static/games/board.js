/* The club's board: an SVG drawing of a draughts board (8x8, 10x10) or a
 * go-style grid of intersections (15x15 renju, 19x19 connect6), with
 * click- and keyboard-driven move entry.
 *
 * The board never judges a move. It is given the server's legal moves, each
 * as {notation, path: [square, square, ...]}, and lets the player pick one
 * of them by clicking the squares of its path in order (a draughts capture
 * clicks its start and every landing square; a renju move is one point).
 * When the clicked squares spell exactly one legal move, onMove(notation)
 * is called.
 *
 *   const board = new ClubBoard(element, {size: 10, kind: "draughts",
 *                                          notation: "numeric", onMove});
 *   board.update({pieces: ClubBoard.parseFen(fen, board.geometry),
 *                 legalMoves, lastMove: ["32", "28"], fouls: [], offers: [], flipped});
 *
 * ``offers`` are renju 5th-move offers, drawn as marked black stones;
 * onRefused(square) hears a click on a square that is no legal move (the
 * page says why, e.g. a foul refused).
 *
 * Squares are named in the discipline's notation: "c3" (Russian, renju),
 * "28" (international draughts 1-50).
 */
(function (global) {
  "use strict";

  const SVG = "http://www.w3.org/2000/svg";
  const LETTERS = "abcdefghijklmnopqrstuvwxyz";

  /* A column's name: a…z, aa, ab… to the right; -a, -b… left of a (the infinite field, 004). */
  function columnName(x) {
    if (x < 0) return "-" + columnName(-x - 1);
    let name = "";
    for (let n = x + 1; n > 0; n = Math.floor((n - 1) / 26)) name = LETTERS[(n - 1) % 26] + name;
    return name;
  }

  function columnOf(name) {
    const minus = name.startsWith("-");
    let x = 0;
    for (const ch of minus ? name.slice(1) : name) x = x * 26 + LETTERS.indexOf(ch) + 1;
    return minus ? -x : x - 1;
  }

  /* Where each square lies: x from the left (a = 0), y from white's edge
   * (rank 1 = 0), as white sees the board. ``origin``: the point of the lower
   * left corner, when the board shows a part of the infinite field (004). */
  class Geometry {
    constructor(size, kind, notation, origin) {
      this.size = size;
      this.kind = kind; // "draughts" | "stones"
      this.notation = notation; // "algebraic" | "numeric"
      this.perRow = size / 2;
      this.origin = origin || [0, 0];
    }
    isPlayable(x, y) {
      // a1 is a dark square at white's lower left (2.1.1; 3.1).
      return this.kind === "stones" || (x + y) % 2 === 0;
    }
    label(x, y) {
      if (this.kind === "draughts" && this.notation === "numeric") {
        const rowFromTop = this.size - 1 - y;
        const k = rowFromTop % 2 === 0 ? (x - 1) / 2 : x / 2;
        return String(rowFromTop * this.perRow + k + 1);
      }
      return this.fileName(x) + this.rankName(y);
    }
    coords(label) {
      label = String(label).trim().toLowerCase();
      if (/^\d+$/.test(label)) {
        if (this.notation !== "numeric") return null;
        const n = parseInt(label, 10) - 1;
        if (n < 0 || n >= this.perRow * this.size) return null;
        const rowFromTop = Math.floor(n / this.perRow);
        const k = n % this.perRow;
        const x = rowFromTop % 2 === 0 ? 2 * k + 1 : 2 * k;
        return {x, y: this.size - 1 - rowFromTop};
      }
      const m = /^(-?[a-z]{1,3})(-?\d{1,4})$/.exec(label);
      if (!m) return null;
      const x = columnOf(m[1]) - this.origin[0];
      const y = parseInt(m[2], 10) - 1 - this.origin[1];
      if (x < 0 || x >= this.size || y < 0 || y >= this.size) return null;
      return {x, y};
    }
    fileName(x) { return columnName(x + this.origin[0]); }
    rankName(y) { return String(y + this.origin[1] + 1); }
  }

  /* Pieces of a position from its FEN.
   * Draughts: PDN FEN "W:W21,22,K23:B1-12" (squares numeric or algebraic,
   * "K" for a king, ranges allowed). Stones: "B:Bh8,i9:Wj10" in the same
   * shape, or a plain list of rows of "x"/"o"/"." from the top, joined by "/".
   * Returns {label: "w" | "b" | "W" | "B"} (capital = king). */
  function parseFen(fen, geometry) {
    const pieces = {};
    if (!fen) return pieces;
    fen = String(fen).trim().replace(/\.$/, "");
    if (/^[xo.\d\/]+(\s|$)/i.test(fen) && fen.includes("/")) {
      const rows = fen.split(/\s/)[0].split("/");
      rows.forEach((row, i) => {
        let x = 0;
        for (const ch of row.replace(/\d+/g, (d) => ".".repeat(parseInt(d, 10)))) {
          const y = geometry.size - 1 - i;
          if (ch === "x" || ch === "X") pieces[geometry.label(x, y)] = "b";
          if (ch === "o" || ch === "O") pieces[geometry.label(x, y)] = "w";
          x += 1;
        }
      });
      return pieces;
    }
    for (const field of fen.split(":")) {
      const side = field[0] ? field[0].toUpperCase() : "";
      if ((side !== "W" && side !== "B") || field.length < 2) continue;
      for (let item of field.slice(1).split(",")) {
        item = item.trim();
        if (!item) continue;
        let king = false;
        if (item[0] === "K") { king = true; item = item.slice(1); }
        const colour = side === "W" ? "w" : "b";
        const symbol = king ? colour.toUpperCase() : colour;
        const range = /^(\d+)-(\d+)$/.exec(item);
        if (range) {
          for (let n = parseInt(range[1], 10); n <= parseInt(range[2], 10); n++) {
            pieces[String(n)] = symbol;
          }
        } else {
          const c = geometry.coords(item);
          if (c) pieces[geometry.label(c.x, c.y)] = symbol;
        }
      }
    }
    return pieces;
  }

  /* The squares a move passes through, from its notation when the server
   * gave no path: "c3-d4", "c3:e5:g3", "32x23", "h8". */
  function pathOf(move) {
    if (Array.isArray(move.path) && move.path.length) return move.path.map(String);
    const text = String(move.notation || "").trim();
    const parts = text.split(/[-:x]/i).map((s) => s.trim()).filter(Boolean);
    return parts;
  }

  function el(name, attrs, parent) {
    const node = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (parent) parent.appendChild(node);
    return node;
  }

  const STAR_POINTS = {
    15: [[3, 3], [11, 3], [7, 7], [3, 11], [11, 11]],
    19: [[3, 3], [9, 3], [15, 3], [3, 9], [9, 9], [15, 9], [3, 15], [9, 15], [15, 15]],
  };

  class ClubBoard {
    constructor(container, options) {
      options = options || {};
      this.container = container;
      const size = options.size || 8;
      const kind = options.kind || (size >= 15 ? "stones" : "draughts");
      const notation = options.notation || (size === 10 ? "numeric" : "algebraic");
      this.geometry = new Geometry(size, kind, notation, options.origin);
      this.onMove = options.onMove || function () {};
      this.onRefused = options.onRefused || function () {};
      this.labels = options.labels || {};
      this.state = {pieces: {}, legalMoves: [], pairPoints: [], lastMove: [], fouls: [], offers: [], flipped: false,
                    hints: true, interactive: true};
      this.picked = [];
      this.cursor = null;
      this.svg = el("svg", {
        class: "club-board club-board--" + kind + " club-board--" + size,
        role: "application",
        tabindex: "0",
        "aria-roledescription": this.labels.board || "board",
        "data-size": String(size),
      });
      container.appendChild(this.svg);
      this.live = document.createElement("div");
      this.live.className = "club-board__live visually-hidden";
      this.live.setAttribute("aria-live", "polite");
      container.appendChild(this.live);
      this.svg.addEventListener("click", (e) => this._onClick(e));
      this.svg.addEventListener("keydown", (e) => this._onKey(e));
      this.svg.addEventListener("focus", () => {
        if (!this.cursor) this.cursor = this._defaultCursor();
        // Redrawing between pointer-down and -up would swallow the click.
        if (!this._pointer) this.render();
      });
      this.svg.addEventListener("pointerdown", () => { this._pointer = true; });
      this.svg.addEventListener("keydown", () => { this._pointer = false; }, true);
      this.svg.addEventListener("blur", () => this.render());
      this.render();
    }

    static parseFen(fen, geometry) { return parseFen(fen, geometry); }
    static pathOf(move) { return pathOf(move); }

    update(state) {
      // A half-entered move survives a redraw that changes neither the
      // position nor the legal moves (a clock or offer update).
      const key = (st) => JSON.stringify([st.pieces, (st.legalMoves || []).map((m) => m.notation), st.pairPoints]);
      const before = key(this.state);
      Object.assign(this.state, state);
      if (key(this.state) !== before) this.picked = [];
      this.render();
    }

    /* The infinite field grew (004): draw the part of it the game now shows. */
    reshape(size, origin) {
      const g = this.geometry;
      this.geometry = new Geometry(size, g.kind, g.notation, origin);
      this.svg.setAttribute("class", "club-board club-board--" + g.kind + " club-board--" + size);
      this.svg.setAttribute("data-size", String(size));
      this.cursor = null;
      this.picked = [];
      this.render();
    }

    flip() { this.state.flipped = !this.state.flipped; this.render(); }

    cancel() { this.picked = []; this.render(); }

    /* --- move entry --------------------------------------------------- */
    _candidates() {
      const picked = this.picked;
      return this.state.legalMoves
        .map((m) => ({move: m, path: pathOf(m)}))
        .filter((c) => c.path.length >= picked.length &&
          picked.every((sq, i) => c.path[i] === sq));
    }

    /* Squares that may be clicked next, and whether each completes a move. */
    _targets() {
      const targets = new Map();
      if (!this.state.interactive) return targets;
      const pairs = this.state.pairPoints || [];
      if (pairs.length && this.picked.length < 2) {
        // Two stones a turn (Connect6): any two different listed points.
        for (const point of pairs) {
          if (point !== this.picked[0]) targets.set(point, this.picked.length === 1);
        }
      }
      for (const c of this._candidates()) {
        const next = c.path[this.picked.length];
        if (next === undefined) continue;
        targets.set(next, (targets.get(next) || false) || c.path.length === this.picked.length + 1);
      }
      return targets;
    }

    select(label) {
      if (!this.state.interactive) return;
      label = String(label);
      const targets = this._targets();
      if (!targets.has(label)) {
        // A click on another start square begins a new choice; anything else cancels.
        const wasPicking = this.picked.length > 0;
        const again = this.picked.includes(label);  // a second click on a chosen square cancels
        this.picked = [];
        if (wasPicking && !again && this._targets().has(label)) return this.select(label);
        if (!wasPicking) this.onRefused(label);
        this.render();
        this._say(this.labels.cancelled || "");
        return;
      }
      this.picked = this.picked.concat([label]);
      if ((this.state.pairPoints || []).length && this.picked.length === 2) {
        const notation = this.picked.join(",");
        this.picked = [];
        this.render();
        this._say(notation);
        this.onMove(notation, {notation, path: [notation]});
        return;
      }
      const candidates = this._candidates();
      const exact = candidates.filter((c) => c.path.length === this.picked.length);
      const longer = candidates.filter((c) => c.path.length > this.picked.length);
      if (exact.length === 1 && longer.length === 0) {
        const move = exact[0].move;
        this.picked = [];
        this.render();
        this._say(move.notation);
        this.onMove(move.notation, move);
        return;
      }
      this.render();
      this._say((this.labels.selected || "selected") + " " + this.picked.join(" "));
    }

    /* The square under a click, from its position: the drawing may have been
     * redrawn between pointer-down and pointer-up (focus redraws the cursor). */
    _squareAt(event) {
      const ctm = this.svg.getScreenCTM();
      if (!ctm) return null;
      const pt = this.svg.createSVGPoint();
      pt.x = event.clientX; pt.y = event.clientY;
      const p = pt.matrixTransform(ctm.inverse());
      const g = this.geometry;
      const n = g.size;
      const off = g.kind === "draughts" ? 0 : 0.5;
      const col = Math.floor(p.x + off), row = Math.floor(p.y + off);
      if (col < 0 || row < 0 || col >= n || row >= n) return null;
      const x = this.state.flipped ? n - 1 - col : col;
      const y = this.state.flipped ? row : n - 1 - row;
      return g.isPlayable(x, y) ? {x, y} : null;
    }

    _onClick(event) {
      const c = this._squareAt(event);
      if (!c) return;
      this.cursor = c;
      this.select(this.geometry.label(c.x, c.y));
    }

    _defaultCursor() {
      const n = this.geometry.size;
      const targets = [...this._targets().keys()];
      if (targets.length) return this.geometry.coords(targets[0]);
      return {x: Math.floor((n - 1) / 2), y: Math.floor((n - 1) / 2)};
    }

    _onKey(event) {
      const g = this.geometry;
      if (!this.cursor) this.cursor = this._defaultCursor();
      let {x, y} = this.cursor;
      const s = this.state.flipped ? -1 : 1;
      const step = g.kind === "draughts" ? 1 : 1;
      switch (event.key) {
        case "ArrowLeft": x -= s * step; break;
        case "ArrowRight": x += s * step; break;
        case "ArrowUp": y += s * step; break;
        case "ArrowDown": y -= s * step; break;
        case "Enter":
        case " ":
          event.preventDefault();
          if (g.isPlayable(this.cursor.x, this.cursor.y)) this.select(g.label(this.cursor.x, this.cursor.y));
          return;
        case "Escape": this.cancel(); return;
        case "f": this.flip(); return;
        default: return;
      }
      event.preventDefault();
      x = Math.max(0, Math.min(g.size - 1, x));
      y = Math.max(0, Math.min(g.size - 1, y));
      this.cursor = {x, y};
      this.render();
      const label = g.label(x, y);
      const piece = g.isPlayable(x, y) ? this.state.pieces[label] : undefined;
      this._say(g.isPlayable(x, y) ? label + (piece ? " " + this._pieceName(piece) : "") : "");
    }

    _pieceName(p) {
      const L = this.labels;
      return {w: L.white || "white", b: L.black || "black",
              W: L.whiteKing || "white king", B: L.blackKing || "black king"}[p] || "";
    }

    _say(text) { this.live.textContent = text; }

    /* --- drawing --------------------------------------------------------- */
    _screen(x, y) {
      const n = this.geometry.size;
      return this.state.flipped ? {col: n - 1 - x, row: y} : {col: x, row: n - 1 - y};
    }

    render() {
      const g = this.geometry;
      const n = g.size;
      const svg = this.svg;
      while (svg.firstChild) svg.removeChild(svg.firstChild);
      if (g.kind === "draughts" && g.notation === "numeric") {
        svg.setAttribute("viewBox", `-0.3 -0.3 ${n + 0.6} ${n + 0.6}`);
      } else if (g.kind === "draughts") {
        svg.setAttribute("viewBox", `-0.9 -0.3 ${n + 1.2} ${n + 1.2}`);
      } else {
        svg.setAttribute("viewBox", `-1.4 -0.8 ${n + 1.3} ${n + 1.3}`);
      }
      const targets = this._targets();
      const last = new Set((this.state.lastMove || []).map(String));
      const picked = new Set(this.picked);
      const fouls = new Set((this.state.fouls || []).map(String));
      const movable = this.picked.length === 0 ? targets : new Map();
      const focused = document.activeElement === svg;

      if (g.kind === "draughts") {
        el("rect", {x: -0.12, y: -0.12, width: n + 0.24, height: n + 0.24, class: "cb-frame"}, svg);
      } else {
        el("rect", {x: -0.5, y: -0.5, width: n, height: n, class: "cb-wood"}, svg);
        for (let i = 0; i < n; i++) {
          el("line", {x1: 0, y1: i, x2: n - 1, y2: i, class: "cb-line"}, svg);
          el("line", {x1: i, y1: 0, x2: i, y2: n - 1, class: "cb-line"}, svg);
        }
        const stars = g.origin[0] === 0 && g.origin[1] === 0 ? STAR_POINTS[n] || [] : [];
        for (const [sx, sy] of stars) {
          const p = this._screen(sx, sy);
          el("circle", {cx: p.col, cy: p.row, r: 0.12, class: "cb-star"}, svg);
        }
      }

      // coordinates
      for (let i = 0; i < n; i++) {
        const off = g.kind === "draughts" ? 0.5 : 0;
        const far = g.kind === "draughts" ? n + 0.45 : n - 1 + 0.75;
        const near = g.kind === "draughts" ? -0.45 : -0.75;
        if (!(g.kind === "draughts" && g.notation === "numeric")) {
          const file = this._screen(i, 0).col;
          const rank = this._screen(0, i).row;
          const fileText = g.fileName(i);
          el("text", {x: file + off, y: far, class: "cb-coord", "text-anchor": "middle",
                      "dominant-baseline": "middle"}, svg).textContent = fileText;
          el("text", {x: near, y: rank + off, class: "cb-coord", "text-anchor": "middle",
                      "dominant-baseline": "middle"}, svg).textContent = g.rankName(i);
        }
      }

      for (let y = 0; y < n; y++) {
        for (let x = 0; x < n; x++) {
          const {col, row} = this._screen(x, y);
          const playable = g.isPlayable(x, y);
          const label = g.label(x, y);
          if (g.kind === "draughts") {
            const cls = ["cb-square", playable ? "cb-dark" : "cb-light"];
            if (playable && last.has(label)) cls.push("cb-last");
            if (picked.has(label)) cls.push("cb-picked");
            const attrs = {x: col, y: row, width: 1, height: 1, class: cls.join(" ")};
            if (playable) attrs["data-square"] = label;
            el("rect", attrs, svg);
            if (playable && g.notation === "numeric") {
              // in the square's corner, clear of the piece drawn over its centre
              el("text", {x: col + 0.04, y: row + 0.16, class: "cb-number"}, svg).textContent = label;
            }
          } else {
            // an invisible hit area over each intersection
            el("rect", {x: col - 0.5, y: row - 0.5, width: 1, height: 1, class: "cb-point",
                        "data-square": label}, svg);
          }
        }
      }

      // pieces and stones
      const cx = (col) => (g.kind === "draughts" ? col + 0.5 : col);
      for (const [label, piece] of Object.entries(this.state.pieces || {})) {
        const c = g.coords(label);
        if (!c) continue;
        const {col, row} = this._screen(c.x, c.y);
        const colour = piece.toLowerCase() === "w" ? "white" : "black";
        const group = el("g", {class: `cb-piece cb-${colour}` + (picked.has(label) ? " cb-lifted" : ""),
                               "data-piece": piece, "data-at": label, "pointer-events": "none"}, svg);
        if (g.kind === "draughts") {
          el("circle", {cx: cx(col), cy: row + 0.5, r: 0.38, class: "cb-man"}, group);
          el("circle", {cx: cx(col), cy: row + 0.5, r: 0.26, class: "cb-man-ring"}, group);
          if (piece === "W" || piece === "B") {
            el("path", {class: "cb-crown",
                        d: `M ${cx(col) - 0.18} ${row + 0.6} l 0 -0.2 l 0.09 0.1 l 0.09 -0.15 l 0.09 0.15 l 0.09 -0.1 l 0 0.2 z`}, group);
          }
        } else {
          el("circle", {cx: col, cy: row, r: 0.46, class: "cb-stone"}, group);
          if (last.has(label)) el("circle", {cx: col, cy: row, r: 0.13, class: "cb-last-dot"}, group);
        }
      }

      // Connect6: the first stone of a two-stone turn, chosen but not yet sent,
      // in the mover's colour when the page says whose turn it is.
      if (g.kind === "stones") {
        for (const label of this.picked) {
          const c = g.coords(label);
          if (!c) continue;
          const {col, row} = this._screen(c.x, c.y);
          const group = el("g", {class: "cb-piece cb-pending" + (this.state.turn ? " cb-" + this.state.turn : ""),
                                 "data-pending": label, "pointer-events": "none"}, svg);
          el("circle", {cx: col, cy: row, r: 0.46, class: "cb-stone"}, group);
        }
      }

      // Renju 5th-move offers: black stones with a ring, not yet played.
      if (g.kind === "stones") {
        for (const label of this.state.offers || []) {
          const c = g.coords(label);
          if (!c) continue;
          const {col, row} = this._screen(c.x, c.y);
          const group = el("g", {class: "cb-piece cb-black cb-offer", "data-offer": label, "pointer-events": "none"}, svg);
          el("circle", {cx: col, cy: row, r: 0.46, class: "cb-stone"}, group);
          el("circle", {cx: col, cy: row, r: 0.25, class: "cb-offer-ring"}, group);
        }
      }

      // legal-move hints, movable pieces, foul markers. On a stone board where
      // nearly every point is open a dot on each is noise: hints only for a few.
      if (this.state.hints && (g.kind === "draughts" || targets.size <= 12)) {
        for (const [label, completes] of targets) {
          const c = g.coords(label);
          if (!c) continue;
          const {col, row} = this._screen(c.x, c.y);
          if (this.picked.length === 0 && this.state.pieces[label]) {
            el("circle", {cx: cx(col), cy: g.kind === "draughts" ? row + 0.5 : row, r: 0.44,
                          class: "cb-movable", "pointer-events": "none"}, svg);
          } else {
            el("circle", {cx: cx(col), cy: g.kind === "draughts" ? row + 0.5 : row,
                          r: g.kind === "draughts" ? 0.16 : 0.1,
                          class: "cb-hint" + (completes ? " cb-hint--final" : ""), "pointer-events": "none"}, svg);
          }
        }
      }
      for (const label of fouls) {
        const c = g.coords(label);
        if (!c) continue;
        const {col, row} = this._screen(c.x, c.y);
        const d = 0.22;
        el("path", {d: `M ${col - d} ${row - d} L ${col + d} ${row + d} M ${col - d} ${row + d} L ${col + d} ${row - d}`,
                    class: "cb-foul", "data-foul": label, "pointer-events": "none"}, svg);
      }
      void movable;

      // keyboard cursor
      if (focused && this.cursor && !this._pointer) {
        const {col, row} = this._screen(this.cursor.x, this.cursor.y);
        const o = g.kind === "draughts" ? 0 : -0.5;
        el("rect", {x: col + o + 0.04, y: row + o + 0.04, width: 0.92, height: 0.92, class: "cb-cursor",
                    "pointer-events": "none"}, svg);
      }
      svg.setAttribute("data-picked", this.picked.join(" "));
      svg.setAttribute("data-flipped", this.state.flipped ? "1" : "0");
    }
  }

  ClubBoard.Geometry = Geometry;
  global.ClubBoard = ClubBoard;
})(window);
