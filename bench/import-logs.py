#!/usr/bin/env python3
"""Ten years of published benchmark outputs for bench/import, generated from the formats.

Usage: import-logs.py OUT N [mixed|sysbench-1.0]

Writes N outputs under OUT, each made from its tool's documented shape (the same shapes as the
importers' fixtures: sysbench's report functions per generation, HammerDB's CLI and web service,
BenchBase's ResultWriter, tpcc-mysql's main.c) with made-up, consistent figures; nothing is copied
from a published file. "mixed" spreads them over the generations in use from 2016 to 2025:

  sysbench/{date}/{dataset}/{test}/{threads}/{iteration}.log   0.4, 0.5 (both interval shapes),
      1.0, 1.1, sysbench-tpcc, a patched build, summary-only excerpts, logs cut before their summary
  hammerdb/{date}/{dataset}/NAME.log   CLI transcripts and web-service output, one VU ladder each
  benchbase/SET.summary.json + SET.samples.csv   result sets, four terminal counts per ladder
  tpcc-mysql/{dataset}/{date}/NAME.log   one output per connection count, ladders repeated

"sysbench-1.0" writes N sysbench 1.0 logs only (the reference: what benchlake read from the start).
Prints one line per tool: tool, files, outputs counted as logs.
"""
import datetime
import json
import os
import random
import sys

R = random.Random(7)
THREADS = (1, 4, 16, 64)
ITERATIONS = 3


def per_sec(n, secs):
    return "%d (%.2f per sec.)" % (n, n / secs)


def counts(tps, secs, reads=14, writes=4, other=2):
    tx = max(1, int(tps * secs))
    return tx, tx * reads, tx * writes, tx * other


def sb_header(banner, threads, interval):
    head = banner + "\n\nRunning the test with following options:\nNumber of threads: %d\n" % threads
    if interval:
        head += "Report intermediate results every %d second(s)\n" % interval
    return head


def sb04(threads, tps):
    secs = 60.0 + R.random() / 100
    tx, rd, wr, ot = counts(tps, secs)
    lat = threads / tps * 1000
    out = sb_header("sysbench 0.4.12:  multi-threaded system evaluation benchmark", threads, 0)
    out += (
        "\nDoing OLTP test.\nRunning mixed OLTP test\nUsing Special distribution (12 iterations,"
        "  1 pct of values are returned in 75 pct cases)\nUsing \"BEGIN\" for starting transactions\n"
        "Using auto_inc on the id column\nThreads started!\nTime limit exceeded, exiting...\n"
    )
    if threads > 1:
        out += "(last message repeated %d times)\n" % (threads - 1)
    out += "Done.\n\nOLTP test statistics:\n    queries performed:\n"
    out += "        read:                            %d\n        write:                           %d\n" % (rd, wr)
    out += "        other:                           %d\n        total:                           %d\n" % (ot, rd + wr + ot)
    out += "    transactions:                        %s\n" % per_sec(tx, secs)
    out += "    deadlocks:                           %s\n" % per_sec(R.randint(0, 9), secs)
    out += "    read/write requests:                 %s\n" % per_sec(rd + wr, secs)
    out += "    other operations:                    %s\n\n" % per_sec(ot, secs)
    out += "Test execution summary:\n    total time:                          %.4fs\n" % secs
    out += "    total number of events:              %d\n" % tx
    out += "    total time taken by event execution: %.4f\n" % (secs * threads)
    out += "    per-request statistics:\n"
    out += "         min:                                  %.2fms\n" % (lat / 4)
    out += "         avg:                                  %.2fms\n" % lat
    out += "         max:                                  %.2fms\n" % (lat * 8)
    out += "         approx.  95 percentile:               %.2fms\n\n" % (lat * 1.5)
    out += "Threads fairness:\n    events (avg/stddev):           %.4f/12.31\n" % (tx / threads)
    out += "    execution time (avg/stddev):   %.4f/0.01\n\n" % secs
    return out


def sb05(threads, tps, later):
    secs = 60.0 + R.random() / 100
    tx, rd, wr, ot = counts(tps, secs)
    lat = threads / tps * 1000
    out = sb_header("sysbench 0.5:  multi-threaded system evaluation benchmark", threads, 10)
    out += "Random number generator seed is 0 and will be ignored\n\n\nThreads started!\n\n"
    for t in range(10, 61, 10):
        x = tps * R.uniform(0.95, 1.05)
        if later:
            out += (
                "[%4ds] threads: %d, tps: %.2f, reads: %.2f, writes: %.2f, response time: %.2fms"
                " (99%%), errors: %.2f, reconnects:  0.00\n" % (t, threads, x, x * 14, x * 4, lat * 2, 0.0)
            )
        else:
            out += (
                "[%4ds] threads: %d, tps: %.2f, reads/s: %.2f, writes/s: %.2f, response time:"
                " %.2fms (99%%)\n" % (t, threads, x, x * 14, x * 4, lat * 2)
            )
    if not later:
        out += "Time limit exceeded, exiting...\n"
        if threads > 1:
            out += "(last message repeated %d times)\n" % (threads - 1)
    out += "Done.\n\nOLTP test statistics:\n    queries performed:\n"
    out += "        read:                            %d\n        write:                           %d\n" % (rd, wr)
    out += "        other:                           %d\n        total:                           %d\n" % (ot, rd + wr + ot)
    out += "    transactions:                        %s\n" % per_sec(tx, secs)
    if not later:
        out += "    deadlocks:                           %s\n" % per_sec(R.randint(0, 9), secs)
    out += "    read/write requests:                 %s\n" % per_sec(rd + wr, secs)
    out += "    other operations:                    %s\n" % per_sec(ot, secs)
    if later:
        out += "    ignored errors:                      %s\n" % per_sec(R.randint(0, 20), secs)
        out += "    reconnects:                          %s\n" % per_sec(0, secs)
    out += "\nGeneral statistics:\n    total time:                          %.4fs\n" % secs
    out += "    total number of events:              %d\n" % tx
    out += "    total time taken by event execution: %.4fs\n    response time:\n" % (secs * threads)
    out += "         min:                                  %.2fms\n" % (lat / 4)
    out += "         avg:                                  %.2fms\n" % lat
    out += "         max:                                  %.2fms\n" % (lat * 8)
    out += "         approx.  99 percentile:               %.2fms\n\n" % (lat * 2)
    out += "Threads fairness:\n    events (avg/stddev):           %.4f/41.20\n" % (tx / threads)
    out += "    execution time (avg/stddev):   %.4f/0.02\n\n" % secs
    return out


def sb_intervals(threads, tps, every, upto, colon, pct=95):
    out = ""
    lat = threads / tps * 1000
    for t in range(every, upto + 1, every):
        x = tps * R.uniform(0.95, 1.05)
        out += "[ %ds ] thds: %d tps: %.2f qps: %.2f (r/w/o: %.2f/%.2f/%.2f) lat (ms,%d%%): %.2f err/s%s 0.00 reconn/s: 0.00\n" % (
            t, threads, x, x * 20, x * 14, x * 4, x * 2, pct, lat * 1.5, ":" if colon else "")
    return out


def sb_sql_stats(threads, tps, secs, errors=0):
    tx, rd, wr, ot = counts(tps, secs)
    out = "SQL statistics:\n    queries performed:\n"
    out += "        read:                            %d\n        write:                           %d\n" % (rd, wr)
    out += "        other:                           %d\n        total:                           %d\n" % (ot, rd + wr + ot)
    out += "    transactions:                        %s\n" % per_sec(tx, secs)
    out += "    queries:                             %s\n" % per_sec(rd + wr + ot, secs)
    out += "    ignored errors:                      %s\n" % per_sec(errors, secs)
    out += "    reconnects:                          %s\n\n" % per_sec(0, secs)
    return out, tx


def sb_latency(threads, tps, percentiles=(95,)):
    lat = threads / tps * 1000
    out = "Latency (ms):\n"
    out += "         min:                                    %.2f\n" % (lat / 4)
    out += "         avg:                                    %.2f\n" % lat
    out += "         max:                                    %.2f\n" % (lat * 8)
    for p in percentiles:
        out += "%*s%dth percentile:                       %.2f\n" % (9 if p < 100 else 8, "", p, lat * (1 + p / 200.0 if p < 100 else 2.5))
    out += "         sum:                                    %.2f\n\n" % (lat * tps * 60)
    return out


def sb_fairness(tx, threads, secs):
    return "Threads fairness:\n    events (avg/stddev):           %.4f/20.50\n    execution time (avg/stddev):   %.4f/0.01\n\n" % (
        tx / threads, secs)


STARTED = "Initializing random number generator from current time\n\n\nInitializing worker threads...\n\nThreads started!\n\n"


def sb10(threads, tps, banner="sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)", colon=True, errors=0, percentiles=(95,), every=2):
    secs = 60.0 + R.random() / 100
    out = sb_header(banner, threads, every) + STARTED + sb_intervals(threads, tps, every, 60, colon) + "\n"
    stats, tx = sb_sql_stats(threads, tps, secs, errors)
    out += stats + "General statistics:\n    total time:                          %.4fs\n" % secs
    out += "    total number of events:              %d\n\n" % tx
    return out + sb_latency(threads, tps, percentiles) + sb_fairness(tx, threads, secs)


def sb11(threads, tps):
    secs = 60.0 + R.random() / 100
    out = sb_header("sysbench 1.1.0-ead2689 (using bundled LuaJIT 2.1.0-beta3)", threads, 2) + STARTED
    out += sb_intervals(threads, tps, 2, 60, False) + "\n"
    stats, tx = sb_sql_stats(threads, tps, secs)
    out += stats + "Throughput:\n    events/s (eps):                      %.4f\n" % (tx / secs)
    out += "    time elapsed:                        %.4fs\n" % secs
    out += "    total number of events:              %d\n\n" % tx
    return out + sb_latency(threads, tps) + sb_fairness(tx, threads, secs)


def sb_excerpt(threads, tps):
    secs = 300.0 + R.random() / 100
    stats, tx = sb_sql_stats(threads, tps, secs)
    out = stats + "General statistics:\n    total time:                          %.4fs\n" % secs
    return out + "    total number of events:              %d\n\n" % tx + sb_latency(threads, tps)


def sb_cut(threads, tps):
    out = sb_header("sysbench 1.1.0-ead2689 (using bundled LuaJIT 2.1.0-beta3)", threads, 1) + STARTED
    return out + sb_intervals(threads, tps, 1, R.randint(5, 40), False)


# generation → (share of the sysbench logs, years printed, tests, writer)
SYSBENCH = [
    ("0.4", 6, (2016, 2017), ("oltp",), sb04),
    ("0.5a", 7, (2016, 2018), ("oltp",), lambda t, x: sb05(t, x, False)),
    ("0.5b", 7, (2017, 2019), ("oltp",), lambda t, x: sb05(t, x, True)),
    ("1.0", 30, (2018, 2025), ("oltp_read_write", "oltp_point_select", "oltp_update_index"), sb10),
    ("1.1", 12, (2021, 2025), ("oltp_read_write", "oltp_read_only"), sb11),
    ("tpcc", 4, (2019, 2025), ("tpcc",), lambda t, x: sb10(t, x / 20, banner="sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)", colon=False, errors=R.randint(0, 80), every=10)),
    ("patched", 4, (2019, 2024), ("oltp_read_write",), lambda t, x: sb10(t, x, banner="sysbench 1.0.17-mdb (using bundled LuaJIT 2.1.0-beta2)", percentiles=(95, 99, 999), every=5)),
    ("excerpt", 3, (2016, 2025), ("oltp_point_select",), sb_excerpt),
    ("cut", 2, (2020, 2025), ("oltp_point_select",), sb_cut),
]
RELEASES = ["10.1.48", "10.2.44", "10.3.39", "10.4.34", "10.5.27", "10.6.21", "10.11.11", "11.4.5", "11.8.3"]


def date_in(years, i):
    """The i-th of a series of days spread over the years (every 37 hours, so no day twice until
    the series wraps: 10,000 logs of one generation make about 830 runs, 1,300 days)."""
    first = datetime.datetime(years[0], 1, 1)
    span = (datetime.datetime(years[1] + 1, 1, 1) - first) // datetime.timedelta(hours=1)
    return (first + datetime.timedelta(hours=(i * 37) % span)).strftime("%Y-%m-%d")


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def sysbench(out, n, generations):
    total = sum(g[1] for g in generations)
    written = 0
    for gi, (name, share, years, tests, writer) in enumerate(generations):
        want = n * share // total if gi < len(generations) - 1 else n - written
        run = 0
        while want > 0:
            date, release = date_in(years, run), RELEASES[(run + gi) % len(RELEASES)]
            test = tests[run % len(tests)]
            base = os.path.join(out, "sysbench", date, "MariaDB %s %s" % (release, name), test)
            for threads in THREADS:
                for it in range(1, ITERATIONS + 1):
                    if want == 0:
                        break
                    write(os.path.join(base, str(threads), "%d.log" % it), writer(threads, 300.0 * threads ** 0.7 * R.uniform(0.9, 1.1)))
                    want -= 1
                    written += 1
            run += 1
    return written


def job_id(at):
    """HammerDB's job id: the second it was made, in hex, then the host's part."""
    return "%08X479A03E263133333" % int(at.timestamp())


def hammerdb_cli(release, vus, start):
    out = "HammerDB CLI v4.12\nCopyright (C) 2003-2024 Steve Shaw\nType \"help\" for a list of commands\n"
    for k, vu in enumerate(vus):
        nopm = int(4000 * vu ** 0.8 * R.uniform(0.9, 1.1))
        out += "hammerdb>vuset vu %d\nhammerdb>vucreate\nVuser 1 created MONITOR - WAIT IDLE\n" % vu
        out += "".join("Vuser %d created - WAIT IDLE\n" % (i + 2) for i in range(vu))
        out += "%d Virtual Users Created with Monitor VU\nhammerdb>vurun\nVuser 1:RUNNING\n" % (vu + 1)
        out += "Vuser 1:DBVersion:%s\nVuser 1:Beginning rampup time of 2 minutes\nVuser 2:RUNNING\n" % release
        out += "Vuser 1:Rampup complete, Taking start Transaction Count.\nVuser 1:Timing test period of 5 in minutes\n"
        out += "".join("Vuser 1:%d ...,\n" % m for m in range(1, 6))
        out += "Vuser 1:Test complete, Taking end Transaction Count.\nVuser 1:%d Active Virtual Users configured\n" % vu
        out += "Vuser 1:TEST RESULT : System achieved %d NOPM from %d MariaDB TPM\n" % (nopm, int(nopm * 2.3))
        out += "Vuser 1:FINISHED SUCCESS\nVuser 2:FINISHED SUCCESS\nALL VIRTUAL USERS COMPLETE\n"
        out += "Benchmark Run jobid=%s\nhammerdb>vudestroy\nDestroying Virtual Users\nVirtual Users Destroyed\n" % job_id(
            start + datetime.timedelta(minutes=8 * k))
    return out


def hammerdb_web(release, vus, start):
    out = ""
    for k, vu in enumerate(vus):
        job = job_id(start + datetime.timedelta(minutes=8 * k))
        nopm = int(4000 * vu ** 0.8 * R.uniform(0.9, 1.1))
        msg = lambda m: '{"success": {"message": "%s"}}\n' % m
        out += "Setting Vusers\n" + msg("Virtual users set to %d" % vu) + "Create VU\n"
        out += msg("%d Virtual Users Created with Monitor VU" % (vu + 1)) + "Run VU\n"
        out += msg("Running Virtual Users: JOBID=%s" % job) + "Test Complete\nTest result: [\n"
        out += '  "%s",\n  "TEST RESULT : System achieved %d NOPM from %d MariaDB TPM"\n]\n' % (job, nopm, int(nopm * 2.3))
    return out


def hammerdb(out, n):
    for i in range(n):
        release = RELEASES[3 + i % 6]
        day = date_in((2019, 2025), i)
        base = os.path.join(out, "hammerdb", day, "MariaDB %s" % release)
        writer = hammerdb_web if i % 3 == 2 else hammerdb_cli
        start = datetime.datetime.strptime(day, "%Y-%m-%d").replace(hour=9, tzinfo=datetime.timezone.utc)
        write(os.path.join(base, "%s_%d.log" % (writer.__name__, i)), writer(release, (4, 8, 16, 32), start))
    return n


LATENCY_KEYS = ["Minimum", "25th Percentile", "Median", "Average", "75th Percentile", "90th Percentile", "95th Percentile", "99th Percentile", "Maximum"]
SAMPLES_HEADER = ("Time (seconds),Requests,Throughput (requests/second)," + ",".join(
    "%s Latency (microseconds)" % k for k in ["Minimum", "25th Percentile", "Median", "Average", "75th Percentile", "90th Percentile", "95th Percentile", "99th Percentile", "Maximum"]))


def benchbase(out, n):
    base_ms = 1451606400000  # 2016-01-01
    for i in range(n):
        ladder, rung = divmod(i, 4)
        terminals = (8, 16, 32, 64)[rung]
        start = base_ms + ladder * 13 * 86400000 + rung * 120000
        secs = 60
        tps = 40.0 * terminals ** 0.8 * R.uniform(0.9, 1.1)
        lat = sorted(int(terminals / tps * 1e6 * f) for f in (0.1, 0.5, 0.8, 1.0, 1.2, 1.8, 2.4, 4.0, 8.0))
        latencies = dict(zip(LATENCY_KEYS, [lat[0], lat[1], lat[2], lat[3], lat[4], lat[5], lat[6], lat[7], lat[8]]))
        stamp = datetime.datetime.fromtimestamp(start / 1000, datetime.timezone.utc).strftime("%Y-%m-%d_%H-%M-%S")
        name = os.path.join(out, "benchbase", "tpcc_%s" % stamp)
        summary = {
            "Start timestamp (milliseconds)": start,
            "Current Timestamp (milliseconds)": start + secs * 1000 + 345,
            "Elapsed Time (nanoseconds)": secs * 1000000000 + 1234567,
            "DBMS Type": "MARIADB",
            "DBMS Version": "%s-MariaDB-log" % RELEASES[3 + ladder % 6],
            "Benchmark Type": "tpcc",
            "Final State": "EXIT",
            "Measured Requests": int(tps * secs),
            "isolation": "TRANSACTION_SERIALIZABLE",
            "scalefactor": "4",
            "terminals": str(terminals),
            "Latency Distribution": {"%s Latency (microseconds)" % k: v for k, v in latencies.items()},
            "Throughput (requests/second)": tps,
            "Goodput (requests/second)": tps * 0.999,
        }
        write(name + ".summary.json", json.dumps(summary, indent=1) + "\n")
        rows = [SAMPLES_HEADER]
        for t in range(secs):
            r = int(tps * R.uniform(0.9, 1.1))
            rows.append("%d,%d,%.3f,%s" % (t, r, float(r), ",".join(str(int(v * R.uniform(0.95, 1.05))) for v in sorted(lat))))
        write(name + ".samples.csv", "\n".join(rows) + "\n")
    return n


def tpcc_mysql_output(connections):
    out = "***************************************\n*** ###easy### TPC-C Load Generator ***\n***************************************\n"
    out += "option h with value '127.0.0.1'\noption d with value 'tpcc1000'\noption u with value 'root'\n"
    out += "option w with value '10'\noption c with value '%d'\noption r with value '10'\noption l with value '60'\n" % connections
    out += "<Parameters>\n     [server]: 127.0.0.1\n     [port]: 3306\n     [DBname]: tpcc1000\n       [user]: root\n"
    out += "  [warehouse]: 10\n [connection]: %d\n     [rampup]: 10 (sec.)\n    [measure]: 60 (sec.)\n\n" % connections
    out += "RAMP-UP TIME.(10 sec.)\n\nMEASURING START.\n\n"
    base = 90 * connections ** 0.8
    sums = [0] * 5
    for t in range(10, 61, 10):
        c = [int(base * w * R.uniform(0.9, 1.1)) for w in (10, 10, 1, 1, 1)]
        sums = [a + b for a, b in zip(sums, c)]
        out += "  %d, trx: %d, 95%%: 8.079, 99%%: 15.370, max_rt: 29.035, %d|8.515, %d|8.970, %d|63.513, %d|53.458\n" % (
            t, c[0], c[1], c[2], c[3], c[4])
    out += "\nSTOPPING THREADS........\n\n<Raw Results>\n"
    for k, s in enumerate(sums):
        out += "  [%d] sc:%d lt:%d  rt:%d  fl:0 avg_rt: %.1f (5)\n" % (k, s, R.randint(0, 50), R.randint(0, 12), 2.0 + k * 5)
    out += " in 60 sec.\n\n<Raw Results2(sum ver.)>\n"
    out += "".join("  [%d] sc:%d  lt:0  rt:0  fl:0 \n" % (k, s) for k, s in enumerate(sums))
    out += "\n<TpmC>\n                 %.3f TpmC\n" % (sums[0] / 1.0)
    return out


def tpcc_mysql(out, n, datasets=len(RELEASES)):
    for i in range(n):
        d, k = i % datasets, i // datasets
        connections = (8, 16, 32, 64, 128)[k % 5]
        date = datetime.date(2016, 1, 1) + datetime.timedelta(days=200 * (d + 1))
        write(os.path.join(out, "tpcc-mysql", "MariaDB %s" % RELEASES[d % len(RELEASES)], date.isoformat(), "run%03d_c%d.log" % (k, connections)), tpcc_mysql_output(connections))
    return n


def main():
    out, n = sys.argv[1], int(sys.argv[2])
    mode = sys.argv[3] if len(sys.argv) > 3 else "mixed"
    if mode == "sysbench-1.0":
        print("sysbench", sysbench(out, n, [("1.0", 1, (2018, 2025), ("oltp_read_write",), sb10)]))
        return
    shares = {"sysbench": 75, "hammerdb": 10, "benchbase": 10, "tpcc-mysql": 5}
    print("sysbench", sysbench(out, n * shares["sysbench"] // 100, SYSBENCH))
    print("hammerdb", hammerdb(out, n * shares["hammerdb"] // 100))
    print("benchbase", benchbase(out, n * shares["benchbase"] // 100))
    print("tpcc-mysql", tpcc_mysql(out, n - sum(n * s // 100 for k, s in shares.items() if k != "tpcc-mysql")))


if __name__ == "__main__":
    main()
