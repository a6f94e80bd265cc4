// Charts of a benchlake HTML report, drawn with uPlot from the JSON in #report-data.
// Labels are set by uPlot as text; nothing from the data is ever inserted as markup.
(function () {
  "use strict";
  var body = document.body;
  window.addEventListener("error", function (e) {
    body.setAttribute("data-script-error", String(e.message));
  });
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var colours = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"];
  function series(label, i) {
    return { label: label, stroke: colours[i % colours.length], width: 2,
             points: { show: true, size: 6, fill: colours[i % colours.length] } };
  }
  var drawn = 0;
  function chart(title, xLabel, yLabel, x, ys, target, width, height, xLog) {
    var opts = {
      title: title, width: width, height: height,
      scales: { x: { time: false, distr: xLog ? 3 : 1 } },
      axes: [{ label: xLabel }, { label: yLabel, size: 80 }],
      series: [{ label: xLabel }].concat(data.datasets.map(series))
    };
    new uPlot(opts, [x].concat(ys), target);
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
                      points: { show: true, size: 14, fill: "#fff", width: 3 } });
  });
  new uPlot({
    title: data.metric + " by " + unit, width: wide, height: 360,
    scales: { x: { time: false, distr: 3 } },
    axes: [{ label: unit }, { label: data.metric, size: 80 }],
    series: [{ label: unit }].concat(data.datasets.map(series)).concat(peakSeries)
  }, [data.threads].concat(data.means).concat(peakYs), document.getElementById("chart-threads"));
  drawn++;

  var holder = document.getElementById("chart-iterations");
  data.threads.forEach(function (t, ti) {
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
    chart(t + " threads", "iteration", data.metric, x, ys, div, 320, 220, false);
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
    chart("per second", "second", "per second", xs, ys, document.getElementById("chart-series"),
          wide, 300, false);
  }
  body.setAttribute("data-charts", String(drawn));
})();
