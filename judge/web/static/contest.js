// contest.js keeps a contest's page and scoreboard live: it listens to
// the contest's server-sent events and redraws the viewer's submissions
// ("mine") and the scoreboard as they change. It only sets textContent,
// so nothing a user named can become markup. The cells are drawn as the
// server draws them (contestpages.go: boardRows, cell).
(function () {
  "use strict";
  var page = document.getElementById("contest");
  if (!page) {
    return;
  }
  function td(tr, text, cls) {
    var el = document.createElement("td");
    el.textContent = text;
    if (cls) {
      el.className = cls;
    }
    tr.appendChild(el);
    return el;
  }
  function score(x) {
    return String(Math.round(x * 100) / 100);
  }
  function cell(p) {
    var head = "";
    if (p.score !== undefined && (p.num_judged > 0 || p.score > 0)) {
      head = score(p.score);
    } else if (p.score === undefined && p.solved) {
      head = String(p.time);
    }
    var notes = [];
    if (p.num_judged === 1) {
      notes.push("1 try");
    } else if (p.num_judged > 1) {
      notes.push(p.num_judged + " tries");
    }
    if (p.num_pending > 0) {
      notes.push(p.num_pending + " pending");
    }
    var text = head;
    if (notes.length > 0) {
      text = (head + " (" + notes.join(", ") + ")").trim();
    }
    var cls = p.solved ? "solved" : p.num_pending > 0 ? "pending" : p.num_judged > 0 ? "failed" : "";
    return { text: text, cls: cls };
  }
  function drawScoreboard(sb) {
    var body = document.querySelector("#scoreboard tbody");
    if (!body) {
      return;
    }
    var ioi = page.dataset.scoring === "ioi";
    body.textContent = "";
    sb.rows.forEach(function (r) {
      var tr = document.createElement("tr");
      tr.dataset.team = r.team_id;
      td(tr, r.rank, "rank");
      td(tr, r.team_id, "team");
      td(tr, r.score.num_solved, "num-solved");
      td(tr, ioi ? score(r.score.score) : r.score.total_time, "total");
      r.problems.forEach(function (p) {
        var c = cell(p);
        td(tr, c.text, c.cls);
      });
      body.appendChild(tr);
    });
    var frozen = document.getElementById("frozen");
    if (frozen) {
      frozen.hidden = !(sb.state.frozen && !sb.state.thawed);
    }
  }
  function drawMine(subs) {
    var body = document.querySelector("#mine tbody");
    if (!body) {
      return;
    }
    body.textContent = "";
    subs.forEach(function (s) {
      var tr = document.createElement("tr");
      var a = document.createElement("a");
      a.href = "/submissions/" + encodeURIComponent(s.id);
      a.textContent = s.label;
      td(tr, "").appendChild(a);
      td(tr, new Date(s.created_at).toISOString().substring(11, 19));
      td(tr, s.status);
      td(tr, s.verdict, s.verdict);
      body.appendChild(tr);
    });
  }
  var updates = 0;
  function count() {
    updates++;
    page.dataset.updates = String(updates); // for tests: how many redraws
  }
  var es = new EventSource("/api/contests/" + encodeURIComponent(page.dataset.id) + "/events");
  es.addEventListener("open", function () {
    page.dataset.live = "open";
  });
  es.addEventListener("scoreboard", function (e) {
    drawScoreboard(JSON.parse(e.data));
    count();
  });
  es.addEventListener("mine", function (e) {
    drawMine(JSON.parse(e.data));
    count();
  });
})();
