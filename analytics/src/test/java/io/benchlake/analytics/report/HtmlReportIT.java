package io.benchlake.analytics.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The HTML report in a real browser (Debian's chromium, headless): the scripts run without error,
 * every chart is drawn, the thread axis spans the thread counts and legends show no "--", a dataset
 * named like a script shows as text, and a screenshot is taken. CI installs chromium and sets
 * BENCHLAKE_REQUIRE_CHROMIUM=1, so there a missing browser fails.
 */
class HtmlReportIT {
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

  @Test
  void chartsRenderInHeadlessChromiumAndLabelsStayText() throws Exception {
    boolean required = "1".equals(System.getenv("BENCHLAKE_REQUIRE_CHROMIUM"));
    if (!required) {
      assumeTrue(Files.isExecutable(CHROMIUM), "chromium is not installed");
    }
    Path dir = Path.of("target", "html-it").toAbsolutePath();
    Files.createDirectories(dir);
    TimeSeries series =
        new TimeSeries(
            4,
            1,
            Map.of(
                "Mariadb 11.4.5",
                List.of(new double[] {1, 400}, new double[] {2, 405}),
                ReportSamples.EVIL,
                List.of(new double[] {1, 360}, new double[] {2, 362})));
    Path html = dir.resolve("report.html");
    Files.writeString(
        html,
        HtmlReport.render(
            ReportSamples.twoDatasets(Optional.of("Mariadb 11.4.5")), Optional.of(series)));

    String dom = chromium(dir, "--dump-dom", html.toUri().toString());
    Matcher bodyTag = Pattern.compile("<body[^>]*>").matcher(dom);
    assertTrue(bodyTag.find(), dom.substring(0, Math.min(500, dom.length())));
    String body = bodyTag.group();
    Matcher charts = Pattern.compile("data-charts=\"([^\"]*)\"").matcher(body);
    assertTrue(charts.find(), body);
    assertEquals("4", charts.group(1), "threads chart, two iteration charts, the series chart");
    assertFalse(body.contains("data-script-error"), "no script errors: " + body);
    // the thread axis spans the thread counts measured (1 and 4), not a decade around them
    Matcher axis =
        Pattern.compile("data-threads-axis=\"([^ ]+) ([^ ]+) (log2|linear)\"").matcher(body);
    assertTrue(axis.find(), body);
    double low = Double.parseDouble(axis.group(1));
    double high = Double.parseDouble(axis.group(2));
    assertTrue(low >= 0.75 && low < 1 && high > 4 && high <= 5.5, axis.group());
    assertEquals("log2", axis.group(3), "1 and 4 threads grow by a factor");
    assertFalse(dom.contains(">--<"), "no legend waits for the cursor to show a value");
    assertTrue(dom.contains("class=\"u-value\">400<"), "the legend shows the mean at 4 threads");
    assertTrue(dom.contains("class=\"u-value\">360<"), "and the other dataset's");
    assertTrue(dom.contains("class=\"u-value\">400 at 4<"), "and each peak");
    assertTrue(dom.contains("class=\"uplot"), "uPlot drew into the page");
    assertFalse(dom.contains(ReportSamples.EVIL), "the label never became a script element");
    assertTrue(dom.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "it shows as text");

    Path png = dir.resolve("report.png");
    Files.deleteIfExists(png);
    chromium(dir, "--screenshot=" + png, "--window-size=1280,2000", html.toUri().toString());
    assertTrue(Files.size(png) > 20_000, "a screenshot with content: " + Files.size(png));
  }

  private static String chromium(Path dir, String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(CHROMIUM.toString());
    command.addAll(
        List.of(
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--user-data-dir=" + dir.resolve("profile"),
            "--virtual-time-budget=5000"));
    command.addAll(List.of(args));
    Path err = dir.resolve("chromium.err");
    Process p =
        new ProcessBuilder(command)
            .redirectError(err.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .start();
    byte[] out = p.getInputStream().readAllBytes();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "chromium finished");
    assertEquals(0, p.exitValue(), Files.readString(err));
    return new String(out, StandardCharsets.UTF_8);
  }
}
