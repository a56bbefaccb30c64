// Warns before leaving a form with changes that were not saved, as the seed's add-book screen
// did. Without this script the forms work the same; nothing warns.
(() => {
  "use strict";
  for (const form of document.querySelectorAll("form[data-warn-unsaved]")) {
    const snapshot = () => JSON.stringify([...new FormData(form)].filter(([name]) => name !== "csrf"));
    const original = snapshot();
    let submitting = false;
    form.addEventListener("submit", () => { submitting = true; });
    window.addEventListener("beforeunload", (event) => {
      if (submitting || snapshot() === original) return;
      event.preventDefault();
      event.returnValue = "";
    });
    form.dataset.watching = "true";
  }
})();

// Dates on the library's pages are shown in the reader's time zone: tell the server which.
(() => {
  "use strict";
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && !document.cookie.split("; ").includes("listor_tz=" + zone)) {
    document.cookie = "listor_tz=" + zone + "; Path=/library; SameSite=Strict; Max-Age=31536000";
  }
})();
