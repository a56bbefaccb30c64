// ModbusApp's live spreadsheet. Without this script the page is complete: the search is a GET
// form and a reload shows the latest values. With it, the search filters the rows as you type
// (every word must occur in some cell, ignoring case and accents, as the server matches), and
// the server's events replace the values in place at every poll.
// The plant updates itself: every few seconds its devices' rows are read again from the page.
(() => {
  "use strict";
  const plant = document.querySelector(".plant[data-refresh]");
  if (!plant) return;
  const seconds = Number(plant.dataset.refresh) || 5;
  document.getElementById("plant-hint").textContent = `The states update every ${seconds} s; each device's sheet updates at every poll.`;
  const refresh = async () => {
    try {
      const response = await fetch(location.href, { cache: "no-store", headers: { Accept: "text/html" } });
      if (response.ok) {
        const page = new DOMParser().parseFromString(await response.text(), "text/html");
        const rows = page.querySelector(".plant-devices tbody");
        if (rows) plant.querySelector(".plant-devices tbody").replaceWith(rows);
        const summary = page.getElementById("summary");
        if (summary) document.getElementById("summary").textContent = summary.textContent;
      }
    } catch {
      // The server is away for now: the next round tries again.
    }
    setTimeout(refresh, seconds * 1000);
  };
  setTimeout(refresh, seconds * 1000);
})();

(() => {
  "use strict";
  const sheet = document.querySelector(".register-sheet[data-events]");
  if (!sheet) return;
  const form = sheet.querySelector("form.sheet-search");
  const search = document.getElementById("search");
  const rows = () => [...document.querySelectorAll("#sheet-rows tr[data-index]")];

  const fold = (text) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  const rowText = (row) => fold([...row.cells].map((cell) => cell.firstChild ? cell.firstChild.textContent : "").join(" "));

  const filter = () => {
    const words = fold(search.value).split(/\s+/).filter((word) => word !== "");
    const all = rows();
    let shown = 0;
    for (const row of all) {
      const text = rowText(row);
      row.hidden = !words.every((word) => text.includes(word));
      if (!row.hidden) shown += 1;
    }
    const noun = all.length === 1 ? "variable" : "variables";
    document.getElementById("summary").textContent = words.length === 0 ? `${all.length} ${noun}` : `${shown} of ${all.length} ${noun}`;
    const empty = document.getElementById("empty");
    empty.hidden = shown > 0;
    empty.textContent = all.length === 0 ? "The register map has no variables." : "No search results";
  };

  const addressFor = () => {
    const query = search.value.trim();
    return form.getAttribute("action") + (query ? "?" + new URLSearchParams({ search: query }) : "");
  };

  search.addEventListener("input", () => {
    filter();
    history.replaceState(null, "", addressFor());
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    filter();
    history.replaceState(null, "", addressFor());
  });

  // One event per poll: {connection, state, updated, rows: [{cells: [...], stale?}]}.
  const apply = (update) => {
    const all = rows();
    if (update.rows.length !== all.length) { location.reload(); return; }
    update.rows.forEach((fresh, index) => {
      const row = all[index];
      fresh.cells.forEach((text, column) => {
        const cell = row.cells[column];
        if (cell && cell.firstChild && cell.firstChild.textContent !== text) cell.firstChild.textContent = text;
        else if (cell && !cell.firstChild) cell.append(text);
      });
      const header = row.cells[0];
      const mark = header.querySelector(".stale-mark");
      if (fresh.stale) {
        row.classList.add("stale");
        row.title = fresh.stale;
        if (!mark) {
          const span = document.createElement("span");
          span.className = "stale-mark";
          span.textContent = " (stale)";
          header.append(span);
        }
      } else {
        row.classList.remove("stale");
        row.removeAttribute("title");
        if (mark) mark.remove();
      }
    });
    const connection = document.getElementById("connection");
    connection.className = "connection " + update.state;
    document.getElementById("connection-text").textContent = update.connection;
    document.getElementById("updated").textContent = update.updated;
    filter();
    document.body.dataset.liveUpdates = String(Number(document.body.dataset.liveUpdates || 0) + 1);
  };

  if (!("EventSource" in window)) return;
  // The server refuses a stream (503 with Retry-After) when too many pages follow the device;
  // the browser's EventSource then gives up, so the page says so and tries again, waiting
  // longer each time, until a stream opens.
  const status = (state, text) => {
    document.getElementById("connection").className = "connection " + state;
    document.getElementById("connection-text").textContent = text;
  };
  let delay = 5;
  const follow = () => {
    const events = new EventSource(sheet.dataset.events);
    events.addEventListener("snapshot", (event) => {
      delay = 5;
      apply(JSON.parse(event.data));
    });
    events.addEventListener("error", () => {
      if (events.readyState !== EventSource.CLOSED) {
        status("connecting", "Lost the server; reconnecting…");
        return;
      }
      status("paused", `Live updates paused: too many viewers; retrying in ${delay} s`);
      document.body.dataset.liveRefused = String(Number(document.body.dataset.liveRefused || 0) + 1);
      setTimeout(follow, delay * 1000);
      delay = Math.min(delay * 2, 60);
    });
  };
  follow();
})();

// Times on ModbusApp's charts are shown in the reader's time zone: tell the server which.
(() => {
  "use strict";
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && !document.cookie.split("; ").includes("listor_tz=" + zone)) {
    document.cookie = "listor_tz=" + zone + "; Path=/modbus; SameSite=Strict; Max-Age=31536000";
  }
})();

// A variable's chart. Without this script it is complete as of loading the page. With it, each
// poll's value arrives over the sheet's event stream and is drawn at the right end of the line;
// once the line reaches the right edge, the chart slides left, a gap opens where a read failed,
// and the "Last" figure follows.
(() => {
  "use strict";
  const trend = document.querySelector(".variable-trend[data-events][data-row]");
  const svgs = [...document.querySelectorAll("svg.chart")];
  if (!trend || svgs.length === 0 || !("EventSource" in window)) return;
  const index = Number(trend.dataset.row);
  const round = (number) => Math.round(number * 10) / 10;

  // Each chart (one for wide screens, one for phones) keeps its own scale and line.
  const charts = svgs.map((svg) => {
    const [left, top, width, height] = svg.dataset.plot.split(" ").map(Number);
    const start = Number(svg.dataset.start), end = Number(svg.dataset.end);
    const lowest = Number(svg.dataset.lowest), highest = Number(svg.dataset.highest);
    const chart = { svg, line: svg.querySelector("polyline.live"), shift: svg.querySelector("g.shift") };
    chart.x = (time) => left + width * (time - start) / (end - start);
    chart.y = (value) => top + height * (1 - (Math.min(Math.max(value, lowest), highest) - lowest) / (highest - lowest));
    chart.slide = (time) => time > end ? round(-width * (time - end) / (end - start)) : 0;
    return chart;
  });
  let newest = 0;
  let points = 0;

  const add = (update) => {
    const row = update.rows[index];
    if (!row || typeof update.time !== "number" || update.time <= newest) return;
    newest = update.time;
    for (const chart of charts) {
      if (typeof row.value !== "number") {
        // A failed read: the next value starts a new run of the line.
        if (chart.line.getAttribute("points")) {
          const next = chart.line.cloneNode(false);
          next.setAttribute("points", "");
          chart.line.after(next);
          chart.line = next;
        }
        continue;
      }
      const point = `${round(chart.x(update.time))},${round(chart.y(row.value))}`;
      chart.line.setAttribute("points", ((chart.line.getAttribute("points") || "") + " " + point).trim());
      chart.shift.setAttribute("transform", `translate(${chart.slide(update.time)} 0)`);
    }
    if (typeof row.value !== "number") return;
    const last = document.getElementById("figure-last");
    if (last) last.textContent = row.cells[Number(trend.dataset.valueColumn)] + (trend.dataset.unit ? " " + trend.dataset.unit : "");
    points += 1;
    trend.dataset.livePoints = String(points);
  };

  const follow = (delay) => {
    const events = new EventSource(trend.dataset.events);
    events.addEventListener("snapshot", (event) => add(JSON.parse(event.data)));
    events.addEventListener("error", () => {
      if (events.readyState === EventSource.CLOSED) setTimeout(() => follow(Math.min(delay * 2, 60)), delay * 1000);
    });
  };
  follow(5);
})();
