// Visits on VessBrowser's pages are shown in the reader's time zone: tell the server which.
// Without this script the pages work the same, in the server's zone.
(() => {
  "use strict";
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && !document.cookie.split("; ").includes("listor_tz=" + zone)) {
    document.cookie = "listor_tz=" + zone + "; Path=/browser; SameSite=Strict; Max-Age=31536000";
  }
})();
