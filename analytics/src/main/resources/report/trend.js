// The chart of a benchlake trend: one line per series over months or releases, drawn with uPlot.
(function () {
  "use strict";
  window.addEventListener("error", function (e) {
    document.body.setAttribute("data-script-error", String(e.message));
  });
  var t = JSON.parse(document.getElementById("trend-data").textContent);
  var keys = [];
  t.points.forEach(function (p) { if (keys.indexOf(p[t.by]) < 0) { keys.push(p[t.by]); } });
  if (t.by === "month") { keys.sort(); }
  var names = [];
  t.points.forEach(function (p) { if (names.indexOf(p.series) < 0) { names.push(p.series); } });
  var colours = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"];
  var ys = names.map(function (n) {
    var at = {};
    t.points.forEach(function (p) { if (p.series === n) { at[p[t.by]] = p.mean; } });
    return keys.map(function (k) { return at[k] === undefined ? null : at[k]; });
  });
  var x = keys.map(function (k, i) { return i; });
  new uPlot({
    title: t.metric + " at " + t.threads + " threads", width: Math.min(1000, window.innerWidth - 80), height: 360,
    scales: { x: { time: false } },
    axes: [{ label: t.by, values: function (u, vals) { return vals.map(function (v) { return keys[v] === undefined ? "" : keys[v]; }); } },
           { label: t.metric, size: 80 }],
    series: [{ label: t.by, value: function (u, v) { return v == null ? "--" : keys[v]; } }].concat(names.map(function (n, i) {
      return { label: n, stroke: colours[i % colours.length], width: 2, spanGaps: true,
               points: { show: true, size: 6, fill: colours[i % colours.length] } };
    }))
  }, [x].concat(ys), document.getElementById("chart-trend"));
  document.body.setAttribute("data-charts", "1");
})();
