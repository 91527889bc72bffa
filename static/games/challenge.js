/* The challenge form shows the renju and шашки-64 options only for those disciplines. */
(function () {
  "use strict";
  const discipline = document.getElementById("id_discipline");
  if (!discipline) return;
  const only = {
    id_opening_rule: ["renju"], id_foul_policy: ["renju"], id_ballot: ["russian-64"],
  };
  function update() {
    for (const [id, disciplines] of Object.entries(only)) {
      const field = document.getElementById(id);
      if (field && field.closest("div")) field.closest("div").hidden = !disciplines.includes(discipline.value);
    }
  }
  discipline.addEventListener("change", update);
  update();
})();
