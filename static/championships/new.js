/* The championship creation form shows the fields of the chosen system,
 * discipline and venue only: a draughts round robin played live does not ask
 * for Swiss, renju, шашки-64, knockout or correspondence settings. A field
 * hidden here is disabled too, so it is not submitted and the club's default
 * stands. The time control list (static/games/challenge.js) offers the
 * chosen discipline's presets and the written "other…" control. */
(function () {
  "use strict";
  const form = document.querySelector("form.championship-form");
  if (!form) return;
  const value = (id) => (document.getElementById(id) || {}).value || "";
  const fiveRow = (form.dataset.fiveRow || "").split(" ");
  const system = () => value("id_system");
  const discipline = () => value("id_discipline");
  const timeControl = () => (value("id_time_control") === "custom" ? value("id_custom_time_control") : value("id_time_control"));
  // The venue chosen, else the one the time control implies (days per move: by correspondence).
  const correspondence = () =>
    value("id_venue") ? value("id_venue") === "correspondence" : /^d/i.test(timeControl().trim());
  const shows = {
    cycles: () => system() === "round-robin",
    swiss_system: () => system() === "swiss",
    rounds_planned: () => system() === "swiss",
    initial_order: () => system() === "swiss",
    tie_matches: () => system() === "knockout",
    tie_time_control: () => system() === "knockout",
    tie_break: () => system() === "knockout",
    ballot_table: () => discipline() === "russian-64",
    opening_rule: () => fiveRow.includes(discipline()),
    foul_policy: () => discipline() === "renju",
    draw_after_moves: () => fiveRow.includes(discipline()),
    lateness_minutes: () => !correspondence(),
    play_mode: () => correspondence() && system() !== "swiss",
    round_days: () => correspondence() && system() === "swiss",
    closes_at: () => correspondence(),
    vacation_days_max: () => correspondence(),
    section_size: () => correspondence() && system() === "round-robin",
    section_days: () => correspondence() && system() === "round-robin",
  };
  function update() {
    for (const [name, shown] of Object.entries(shows)) {
      const field = form.elements.namedItem(name);
      if (!field) continue;
      const row = (field.length !== undefined && !field.tagName ? field[0] : field).closest("div");
      const visible = shown();
      row.hidden = !visible;
      for (const input of row.querySelectorAll("input, select, textarea")) input.disabled = !visible;
    }
  }
  form.addEventListener("change", update);
  form.addEventListener("input", update);
  update();
})();
