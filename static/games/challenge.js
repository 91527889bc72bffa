/* The challenge form shows the renju and шашки-64 options only for those
 * disciplines, the time-control presets of the chosen discipline only, and
 * the field for another control only when "other" is chosen. */
(function () {
  "use strict";
  const discipline = document.getElementById("id_discipline");
  if (!discipline) return;
  const control = document.getElementById("id_time_control");
  const custom = document.getElementById("id_custom_time_control");
  const only = {
    id_opening_rule: ["renju", "gomoku", "gomoku-standard"], id_foul_policy: ["renju"], id_ballot: ["russian-64"],
  };
  const row = (field) => field && field.closest("div");
  function update() {
    for (const [id, disciplines] of Object.entries(only)) {
      const field = document.getElementById(id);
      if (row(field)) row(field).hidden = !disciplines.includes(discipline.value);
    }
    if (!control) return;
    for (const option of control.querySelectorAll("option[data-disciplines]")) {
      option.hidden = option.disabled = !option.dataset.disciplines.split(" ").includes(discipline.value);
    }
    for (const group of control.querySelectorAll("optgroup")) {
      group.hidden = !group.querySelector("option:not([hidden])");
    }
    if (control.selectedOptions[0] && control.selectedOptions[0].hidden) {
      control.value = control.querySelector("option:not([hidden])").value;
    }
    if (row(custom)) row(custom).hidden = control.value !== "custom" && !custom.value;
  }
  discipline.addEventListener("change", update);
  if (control) control.addEventListener("change", update);
  update();
})();
