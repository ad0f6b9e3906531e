// live.js fills in a submission page's test rows as the judge reports
// them (server-sent events), then its verdict. It only sets textContent,
// so nothing a program prints can become markup. The page says which
// rows it was rendered with (data-last) and every event carries where the
// stream is, so a connection made late, or made again after a drop (the
// browser sends the last event's id), is sent only the rows missing; a
// "reset" (another worker judging the submission over again) clears them.
(function () {
  "use strict";
  var page = document.getElementById("submission");
  if (!page || page.dataset.status === "done") {
    return;
  }
  var body = document.querySelector("#tests tbody");
  function cell(tr, text, cls) {
    var td = document.createElement("td");
    td.textContent = text;
    if (cls) {
      td.className = cls;
    }
    tr.appendChild(td);
  }
  // details adds a folded <pre> to td, as the page's template does.
  function details(td, summary, text) {
    var d = document.createElement("details");
    var s = document.createElement("summary");
    var pre = document.createElement("pre");
    s.textContent = summary;
    pre.textContent = text;
    d.appendChild(s);
    d.appendChild(pre);
    td.appendChild(d);
  }
  function row(t) {
    var tr = document.createElement("tr");
    cell(tr, t.name);
    cell(tr, t.group || "");
    cell(tr, t.verdict, t.verdict);
    cell(tr, Math.round(t.time_ms || 0));
    cell(tr, t.memory_kb || 0);
    cell(tr, t.message || "");
    var td = tr.lastChild;
    if (t.diff) {
      details(td, t.verdict === "CE" ? "compiler output" : "expected / got", t.diff);
    }
    if (t.stderr) {
      details(td, "stderr", t.stderr);
    }
    body.appendChild(tr);
  }
  function show(id, text, cls) {
    var el = document.getElementById(id);
    el.textContent = text;
    if (cls !== undefined) {
      el.className = cls;
    }
  }
  var es = new EventSource("/api/submissions/" + encodeURIComponent(page.dataset.id) +
    "/events?last=" + encodeURIComponent(page.dataset.last || ""));
  es.addEventListener("open", function () {
    page.dataset.live = "open"; // for tests and style: events will arrive
  });
  es.addEventListener("reset", function (e) {
    body.textContent = "";
    show("status", JSON.parse(e.data).status);
  });
  es.addEventListener("status", function (e) {
    show("status", JSON.parse(e.data).status);
  });
  es.addEventListener("test", function (e) {
    row(JSON.parse(e.data));
  });
  es.addEventListener("done", function (e) {
    var s = JSON.parse(e.data);
    es.close();
    body.textContent = "";
    s.tests.forEach(row);
    show("status", s.status);
    show("verdict", s.verdict, s.verdict);
    page.dataset.status = s.status;
  });
})();
