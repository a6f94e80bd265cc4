// Charts of a benchlake comparison (the HTML report and the dashboard's compare page), drawn with
// uPlot from the JSON in #report-data. Labels are set by uPlot as text; nothing from the data is
// ever inserted as markup.
(function () {
  "use strict";
  var body = document.body;
  window.addEventListener("error", function (e) {
    body.setAttribute("data-script-error", String(e.message));
  });
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var colours = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"];
  function number(v) {
    return v == null ? "" : v.toLocaleString("en-US", { maximumFractionDigits: 2 });
  }
  function series(label, i) {
    return { label: label, stroke: colours[i % colours.length], width: 2,
             value: function (u, v) { return v == null ? "none here" : number(v); },
             points: { show: true, size: 6, fill: colours[i % colours.length] } };
  }
  // A live legend shows "--" while the cursor is off the chart; this one then shows the values at
  // a resting point (the highest thread count, the last iteration, the last second).
  function restingLegend(idx) {
    return [function (u) {
      if (u.legend.idx == null) { u.setLegend({ idx: idx }); }
    }];
  }
  // ticks at the x values measured, dropping one that would be drawn within 30 px of the last kept
  function exactAxis(label, xs, log, width) {
    return { label: label,
      splits: function (u) {
        var min = u.scales.x.min, max = u.scales.x.max, kept = [], last = -1e9;
        var f = log ? Math.log2 : function (v) { return v; };
        xs.forEach(function (x) {
          var px = (f(x) - f(min)) / (f(max) - f(min)) * width;
          if (px - last >= 30) { kept.push(x); last = px; }
        });
        return kept;
      },
      values: function (u, vals) { return vals.map(String); } };
  }
  var drawn = 0;
  function chart(title, xLabel, yLabel, x, ys, target, width, height) {
    var u = new uPlot({
      title: title, width: width, height: height, hooks: { setLegend: restingLegend(x.length - 1) },
      scales: { x: { time: false, range: function () { return [x[0] - 0.5, x[x.length - 1] + 0.5]; } } },
      axes: [exactAxis(xLabel, x, false, width - 80), { label: yLabel, size: 80 }],
      series: [{ label: xLabel }].concat(data.datasets.map(series))
    }, [x].concat(ys), target);
    u.setLegend({ idx: x.length - 1 });
    drawn++;
  }
  var wide = Math.min(1000, window.innerWidth - 80);
  // The metric against threads (VUs for TPROC-C), each dataset's peak marked by a larger point.
  var unit = data.thread_unit || "threads";
  var peakYs = [], peakSeries = [];
  (data.peaks || []).forEach(function (p) {
    var i = data.datasets.indexOf(p.dataset);
    peakYs.push(data.threads.map(function (t) { return t === p.threads ? p.mean : null; }));
    peakSeries.push({ label: "peak " + p.dataset, stroke: colours[i % colours.length], width: 0,
                      value: function () { return number(p.mean) + " at " + p.threads; },
                      points: { show: true, size: 14, fill: "#fff", width: 3 } });
  });
  // the spread of the iterations (min to max) as a band around each dataset's line
  var nData = data.datasets.length, spreadSeries = [], spreadYs = [], bands = [];
  data.datasets.forEach(function (d, i) {
    var first = 1 + nData + peakSeries.length + spreadSeries.length;
    ["max", "min"].forEach(function (which) {
      spreadSeries.push({ label: d + " " + which, stroke: colours[i % colours.length], width: 0,
                          value: function (u, v) { return number(v); },
                          points: { show: false } });
    });
    spreadYs.push((data.maxes || [])[i] || [], (data.mins || [])[i] || []);
    bands.push({ series: [first, first + 1], fill: colours[i % colours.length] + "33" });
  });
  // Thread counts that grow by factors (1, 2, 4, ...) on a log-2 axis, others (a VU ladder 1..20)
  // on a linear one; either from just below the lowest count to just above the highest, ticked
  // at the counts measured.
  var ts = data.threads, lo = ts[0], hi = ts[ts.length - 1], log = ts.length > 1;
  for (var k = 1; k < ts.length; k++) { log = log && ts[k] >= 1.5 * ts[k - 1] && ts[k - 1] > 0; }
  var pad = Math.max(0.5, (hi - lo) * 0.05);
  var range = log ? [lo / 1.25, hi * 1.25] : [lo - pad, hi + pad];
  body.setAttribute("data-threads-axis", range[0] + " " + range[1] + (log ? " log2" : " linear"));
  var threadsChart = new uPlot({
    title: data.metric + " by " + unit + " (band: min to max of the iterations)",
    width: wide, height: 360, bands: bands, hooks: { setLegend: restingLegend(ts.length - 1) },
    scales: { x: log ? { time: false, distr: 3, log: 2, range: function () { return range; } }
                     : { time: false, range: function () { return range; } } },
    axes: [exactAxis(unit, ts, log, wide - 80), { label: data.metric, size: 80 }],
    series: [{ label: unit }].concat(data.datasets.map(series)).concat(peakSeries).concat(spreadSeries)
  }, [ts].concat(data.means).concat(peakYs).concat(spreadYs),
     document.getElementById("chart-threads"));
  threadsChart.setLegend({ idx: ts.length - 1 });
  // the band's edges are drawn, not named: their legend entries are hidden
  var entries = threadsChart.root.querySelectorAll(".u-legend .u-series");
  for (var e = 1 + nData + peakSeries.length; e < entries.length; e++) {
    entries[e].style.display = "none";
  }
  drawn++;

  var holder = document.getElementById("chart-iterations");
  data.threads.forEach(function (t, ti) {
    if (!holder) { return; }
    var n = 0;
    data.iterations.forEach(function (perThreads) { n = Math.max(n, perThreads[ti].length); });
    var x = [];
    for (var k = 1; k <= n; k++) { x.push(k); }
    var ys = data.iterations.map(function (perThreads) {
      return x.map(function (k) { var v = perThreads[ti][k - 1]; return v === undefined ? null : v; });
    });
    var div = document.createElement("div");
    div.className = "small";
    holder.appendChild(div);
    chart(t + " " + unit, "iteration", data.metric, x, ys, div, 320, 220);
  });

  if (data.series && document.getElementById("chart-series")) {
    var offsets = {};
    data.datasets.forEach(function (d) {
      (data.series[d] || []).forEach(function (p) { offsets[Math.round(p[0])] = true; });
    });
    var xs = Object.keys(offsets).map(Number).sort(function (a, b) { return a - b; });
    var ys = data.datasets.map(function (d) {
      var at = {};
      (data.series[d] || []).forEach(function (p) { at[Math.round(p[0])] = p[1]; });
      return xs.map(function (x) { return at[x] === undefined ? null : at[x]; });
    });
    var perSecond = new uPlot({
      title: "per second", width: wide, height: 300, hooks: { setLegend: restingLegend(xs.length - 1) },
      scales: { x: { time: false } },
      axes: [{ label: "second", incrs: [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600] },
             { label: data.metric + " per second", size: 80 }],
      series: [{ label: "second" }].concat(data.datasets.map(series))
    }, [xs].concat(ys), document.getElementById("chart-series"));
    perSecond.setLegend({ idx: xs.length - 1 });
    drawn++;
  }
  body.setAttribute("data-charts", String(drawn));
})();
