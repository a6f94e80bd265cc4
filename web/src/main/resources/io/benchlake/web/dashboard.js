// benchlake dashboard: charts from the page's JSON (text only, never markup), the token kept in
// this tab's sessionStorage (no cookies), writes sent with Authorization: Bearer, and the overview
// refreshed when the warehouse commits.
(function () {
  'use strict';
  const TOKEN_KEY = 'benchlake.token';

  function data(id) {
    const el = document.getElementById(id);
    return el ? JSON.parse(el.textContent) : null;
  }

  function token(ask) {
    let t = sessionStorage.getItem(TOKEN_KEY);
    if (!t && ask) {
      t = window.prompt('Dashboard token (printed path: the token file, or BENCHLAKE_TOKEN)');
      if (t) {
        sessionStorage.setItem(TOKEN_KEY, t.trim());
      }
    }
    showTokenState();
    return t ? t.trim() : null;
  }

  function showTokenState() {
    const el = document.getElementById('token-state');
    if (el) {
      el.textContent = sessionStorage.getItem(TOKEN_KEY) ? 'token set' : 'no token';
    }
  }

  function width() {
    return Math.max(400, Math.min(1100, window.innerWidth - 60));
  }

  function seriesCharts() {
    const charts = data('series-data');
    const box = document.getElementById('series-charts');
    if (!charts || !box || typeof uPlot === 'undefined') {
      return;
    }
    charts.forEach(function (c) {
      const div = document.createElement('div');
      div.className = 'chart';
      box.appendChild(div);
      new uPlot({
        title: c.title, width: width(), height: 220, legend: { live: false },
        scales: { x: { time: false } },
        axes: [{ label: 's' }, { label: 'tps' }, { side: 1, scale: 'ms', label: 'latency ms', grid: { show: false } }],
        series: [{ label: 'second' },
          { label: 'tps', stroke: '#1f77b4' },
          { label: 'latency ms', stroke: '#ff7f0e', scale: 'ms' },
          { label: 'errors/s', stroke: '#d62728' }]
      }, [c.offset_s, c.tps, c.latency_pct_ms, c.errors_ps], div);
    });
  }

  function trendChart() {
    const d = data('trend-data');
    const box = document.getElementById('trend-chart');
    if (!d || !box || typeof uPlot === 'undefined') {
      return;
    }
    const xs = d.values.map(function (_, i) { return i; });
    const marks = d.values.map(function (v, i) { return d.changes.indexOf(i) >= 0 ? v : null; });
    const u = new uPlot({
      width: width(), height: 320, legend: { live: false },
      scales: { x: { time: false } },
      axes: [{ label: 'run (oldest first)', incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] }, {}],
      series: [{ label: 'run', value: function (_, i) { return i == null ? '' : i; } },
        { label: 'value', stroke: '#1f77b4', points: { show: true, size: 7 } },
        { label: d.mark || 'change point', stroke: '#d62728', width: 0, paths: function () { return null; },
          points: { show: true, size: 14, stroke: '#d62728', fill: '#d62728' } }]
    }, [xs, d.values, marks], box);
    u.over.style.cursor = 'pointer';
    u.over.addEventListener('click', function () {
      const i = u.cursor.idx;
      if (i != null && d.runs[i] != null) {
        window.location.href = '/runs/' + encodeURIComponent(d.runs[i]);
      }
    });
    window.trendChart = u;
  }

  function annotateForm() {
    const form = document.getElementById('annotate');
    if (!form) {
      return;
    }
    form.addEventListener('submit', function (ev) {
      ev.preventDefault();
      const out = document.getElementById('annotate-result');
      const t = token(true);
      if (!t) {
        out.textContent = 'a token is needed to annotate';
        return;
      }
      const f = new FormData(form);
      const body = { run: form.dataset.run, action: f.get('action'), reason: f.get('reason') };
      if (f.get('threads')) { body.threads = f.get('threads'); }
      if (f.get('iteration')) { body.iteration = f.get('iteration'); }
      fetch('/api/v1/annotations', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Authorization': 'Bearer ' + t },
        body: JSON.stringify(body)
      }).then(function (r) {
        return r.text().then(function (text) {
          if (r.status === 401) {
            sessionStorage.removeItem(TOKEN_KEY);
            showTokenState();
          }
          out.textContent = r.ok ? 'published; shows after the next ingest' : text.trim();
          out.dataset.status = String(r.status);
        });
      });
    });
  }

  // triage: the alert of the page, or the ticked alerts of the list; answered once the warehouse
  // shows it, so a reload shows the new state
  function triageForm() {
    const form = document.getElementById('triage');
    if (!form) {
      return;
    }
    form.addEventListener('submit', function (ev) {
      ev.preventDefault();
      const out = document.getElementById('triage-result');
      const state = ev.submitter ? ev.submitter.value : null;
      const ids = form.dataset.alerts ? [form.dataset.alerts]
        : Array.prototype.map.call(document.querySelectorAll('input[name=alert]:checked'),
          function (box) { return box.value; });
      if (!state || ids.length === 0) {
        out.textContent = 'tick the alerts to triage';
        return;
      }
      const t = token(true);
      if (!t) {
        out.textContent = 'a token is needed to triage';
        return;
      }
      const f = new FormData(form);
      out.textContent = state + ': publishing…';
      delete out.dataset.status;
      fetch('/api/v1/alerts/state', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Authorization': 'Bearer ' + t },
        body: JSON.stringify({ ids: ids, state: state, link: f.get('link'), note: f.get('note') })
      }).then(function (r) {
        return r.text().then(function (text) {
          if (r.status === 401) {
            sessionStorage.removeItem(TOKEN_KEY);
            showTokenState();
          }
          if (r.ok) {
            const a = JSON.parse(text);
            out.textContent = a.state + ': ' + a.alerts.join(', ') + ' (reload to see it)';
          } else {
            out.textContent = text.trim();
          }
          out.dataset.status = String(r.status);
        });
      });
    });
  }

  function followOverview() {
    if (!document.getElementById('freshness')) {
      return;
    }
    setInterval(function () {
      const fresh = document.getElementById('freshness');
      fetch('/api/v1/overview').then(function (r) { return r.ok ? r.json() : null; }).then(function (o) {
        if (!o || !fresh) {
          return;
        }
        document.getElementById('last-ingest').textContent = o.last_ingest || 'never';
        document.getElementById('pending').textContent = o.pending_events == null ? 'unknown' : o.pending_events;
        if (o.commit !== fresh.dataset.commit) {
          fetch(window.location.href).then(function (r) { return r.text(); }).then(function (html) {
            const page = new DOMParser().parseFromString(html, 'text/html');
            document.querySelector('main').replaceWith(page.querySelector('main'));
          });
        }
      });
    }, 2000);
  }

  showTokenState();
  seriesCharts();
  trendChart();
  annotateForm();
  triageForm();
  followOverview();
})();
