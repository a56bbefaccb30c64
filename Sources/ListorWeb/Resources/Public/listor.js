// Search as you type on list pages. Without this script the form still works: it is a
// plain GET form. With it, the same URL is fetched in the background and the results,
// field errors and filter counts are swapped in place; the address bar follows along.
(() => {
  "use strict";
  const form = document.querySelector("form[data-live]");
  if (!form) return;
  let timer = 0;
  let inFlight = null;

  const urlFor = () => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (String(value).trim() !== "") params.append(name, value);
    }
    const query = params.toString();
    return form.getAttribute("action") + (query ? "?" + query : "");
  };

  const swap = (fresh) => {
    const results = document.getElementById("results");
    const freshResults = fresh.getElementById("results");
    if (results && freshResults) results.replaceWith(freshResults);
    // Field errors: replace those present, drop those gone.
    for (const old of form.querySelectorAll(".field-error, .form-errors, #search-errors")) old.remove();
    for (const control of form.querySelectorAll("[aria-invalid]")) {
      control.removeAttribute("aria-invalid");
      control.removeAttribute("aria-describedby");
    }
    // The search's own errors, one per token it cannot use, go under the box together.
    const searchErrors = fresh.getElementById("search-errors");
    const search = form.querySelector('[name="search"]');
    if (searchErrors && search) {
      search.setAttribute("aria-invalid", "true");
      search.setAttribute("aria-describedby", "search-errors");
      search.closest(".field").append(searchErrors);
    }
    for (const error of fresh.querySelectorAll("form[data-live] .field-error[id]")) {
      const name = error.id.replace(/-error$/, "");
      const control = form.querySelector(`[name="${name}"]`);
      if (!control) continue;
      control.setAttribute("aria-invalid", "true");
      control.setAttribute("aria-describedby", error.id);
      control.closest(".field").append(error);
    }
    // Filter counts change with the search; update option labels without touching focus.
    for (const select of fresh.querySelectorAll("form[data-live] select")) {
      const current = form.querySelector(`select[name="${select.name}"]`);
      if (!current) continue;
      const labels = new Map([...select.options].map((option) => [option.value, option.textContent]));
      for (const option of current.options) {
        if (labels.has(option.value)) option.textContent = labels.get(option.value);
      }
    }
  };

  const update = () => {
    const url = urlFor();
    if (inFlight) inFlight.abort();
    inFlight = new AbortController();
    fetch(url, { signal: inFlight.signal, headers: { Accept: "text/html" } })
      .then((response) => response.text())
      .then((html) => {
        swap(new DOMParser().parseFromString(html, "text/html"));
        history.replaceState(null, "", url);
        document.body.dataset.liveUpdates = String(Number(document.body.dataset.liveUpdates || 0) + 1);
      })
      .catch((error) => { if (error.name !== "AbortError") form.submit(); });
  };

  form.addEventListener("input", (event) => {
    clearTimeout(timer);
    timer = setTimeout(update, event.target.type === "search" || event.target.type === "text" ? 200 : 0);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(timer);
    update();
  });
})();
