// The browser's time zone: offered on the sign-up form, told to the
// server for visitors who are not logged in (the club_tz cookie,
// club.site.middleware.ViewerTimeZone), shown as a hint on the profile form.
(function () {
  "use strict";
  var zone = "";
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { zone = ""; }
  if (!zone) return;
  if (document.cookie.split("; ").indexOf("club_tz=" + zone) === -1 && !document.body.hasAttribute("data-member")) {
    document.cookie = "club_tz=" + encodeURIComponent(zone) + "; path=/; max-age=31536000; SameSite=Lax";
  }
  document.querySelectorAll("select[data-browser-zone]").forEach(function (select) {
    var known = Array.prototype.some.call(select.options, function (o) { return o.value === zone; });
    if (!known) return;
    if (select.getAttribute("data-browser-zone") === "offer") select.value = zone;
    var note = document.createElement("small");
    note.className = "browser-zone";
    note.textContent = (select.getAttribute("data-browser-zone-text") || "Your browser's zone: %s").replace("%s", zone);
    select.insertAdjacentElement("afterend", note);
  });
})();
