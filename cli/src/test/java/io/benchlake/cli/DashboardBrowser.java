package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.benchlake.testing.Await;
import io.benchlake.testing.TestDirs;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import org.openqa.selenium.By;
import org.openqa.selenium.NoSuchElementException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;

/**
 * The dashboard in Debian's chromium through its chromedriver (both given by path, so Selenium
 * downloads nothing): overview, a run, a comparison of two datasets, a trend whose point opens its
 * run, an annotation with the token that shows after an ingest and a reload, an alert acknowledged
 * from its page that shows acknowledged after a reload. A screenshot of each page goes under
 * target/dashboard-screenshots. CI installs both and sets BENCHLAKE_REQUIRE_CHROMIUM=1: there a
 * missing browser fails; elsewhere the test is skipped.
 */
final class DashboardBrowser {
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path DRIVER = Path.of("/usr/bin/chromedriver");
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final Path SHOTS = Path.of("target", "dashboard-screenshots");

  /** Work the test does between the annotation and the reload: the ingest. */
  interface Step {
    void run() throws Exception;
  }

  /** One browser for the class's walks, started by the first; DashboardIT quits it at the end. */
  private static ChromeDriver browser;

  private DashboardBrowser() {}

  private static ChromeDriver browser() throws Exception {
    if (browser == null) {
      browser = open();
    }
    return browser;
  }

  /** Quits the browser the walks shared, if one started. */
  static void quit() {
    if (browser != null) {
      browser.quit();
      browser = null;
    }
  }

  /**
   * Debian's chromium, headless, through its chromedriver; skips the test when they are not
   * installed, except in CI.
   */
  private static ChromeDriver open() throws Exception {
    boolean present = Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER);
    if ("1".equals(System.getenv("BENCHLAKE_REQUIRE_CHROMIUM"))) {
      assertTrue(present, "chromium and chromium-driver must be installed (/usr/bin)");
    }
    assumeTrue(present, "chromium or chromedriver is not installed: the browser test is skipped");
    Files.createDirectories(SHOTS);
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments(
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--window-size=1280,1600",
        "--user-data-dir=" + TestDirs.fresh("dashboard-chromium"));
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(new File(DRIVER.toString()))
            .usingAnyFreePort()
            .build();
    return new ChromeDriver(service, options);
  }

  /** Walks the pages; the alert it acknowledged. */
  static String walk(String url, String token, Step ingest) throws Exception {
    ChromeDriver driver = browser();
    driver.get(url);
    assertTrue(driver.getTitle().startsWith("Overview"), driver.getTitle());
    shot(driver, "1-overview");

    driver.findElement(By.cssSelector("#latest-runs td a")).click();
    Await.until(() -> !driver.findElements(By.id("iterations")).isEmpty(), WAIT, "the run page");
    assertTrue(driver.getCurrentUrl().contains("/runs/"), driver.getCurrentUrl());
    shot(driver, "2-run");

    driver.get(url + "compare");
    choose(driver, "test", "OLTP_RW");
    choose(driver, "baseline", DashboardIT.BASE);
    choose(driver, "candidates", DashboardIT.CANDIDATE);
    driver.findElement(By.cssSelector("#compare-form button")).click();
    Await.until(() -> !driver.findElements(By.id("changes")).isEmpty(), WAIT, "the comparison");
    assertTrue(
        driver.findElement(By.id("verdict")).getText().contains("at α=0.05"),
        driver.findElement(By.id("verdict")).getText());
    // the report's charts, drawn by its script: legends show values before any hover
    WebElement body = driver.findElement(By.tagName("body"));
    Await.until(() -> body.getDomAttribute("data-charts") != null, WAIT, "the report's charts");
    assertEquals(null, body.getDomAttribute("data-script-error"));
    assertTrue(
        body.getDomAttribute("data-threads-axis").endsWith(" log2"),
        body.getDomAttribute("data-threads-axis"));
    String legend = driver.findElement(By.cssSelector("#chart-threads .u-legend")).getText();
    assertFalse(legend.contains("--"), legend);
    shot(driver, "3-compare");

    driver.get(url + "trend?test=OLTP_RW&threads=4&metric=TPS");
    Await.until(
        () -> driver.executeScript("return window.trendChart != null") == Boolean.TRUE,
        WAIT,
        "the trend chart");
    shot(driver, "4-trend");
    String run = clickFirstPoint(driver);
    Await.until(
        () -> driver.getCurrentUrl().endsWith("/runs/" + run), WAIT, "the clicked point's run");

    // include: the annotation is seen, and the statistics the other tests read stay as they are
    driver.findElement(By.cssSelector("#annotate input[value='include']")).click();
    driver.findElement(By.name("reason")).sendKeys("seen in the browser test");
    driver.findElement(By.cssSelector("#annotate button")).click();
    Await.until(
        () -> {
          try {
            driver.switchTo().alert();
            return true;
          } catch (org.openqa.selenium.NoAlertPresentException e) {
            return false;
          }
        },
        WAIT,
        "the page to ask for the token");
    driver.switchTo().alert().sendKeys(token);
    driver.switchTo().alert().accept();
    WebElement result = driver.findElement(By.id("annotate-result"));
    Await.until(() -> !result.getText().isEmpty(), WAIT, "the annotation's answer");
    assertEquals("202", result.getDomAttribute("data-status"), result.getText());
    assertEquals("token set", driver.findElement(By.id("token-state")).getText());
    ingest.run();
    driver.navigate().refresh();
    Await.until(
        () -> !driver.findElements(By.id("iterations")).isEmpty(), WAIT, "the reloaded run page");
    assertTrue(
        driver.findElement(By.id("annotations")).getText().contains("seen in the browser test"),
        driver.findElement(By.id("annotations")).getText());
    shot(driver, "5-annotated");
    return triageAnAlert(driver, url);
  }

  /**
   * Opens the alerts queue (every state), the first alert's page, acknowledges it with a note (the
   * token is in the tab's session already), reloads and sees it acknowledged.
   */
  private static String triageAnAlert(ChromeDriver driver, String url) throws Exception {
    driver.get(url + "alerts");
    choose(driver, "state", "all");
    driver.findElement(By.cssSelector("#filters button")).click();
    Await.until(
        () ->
            driver.getCurrentUrl().contains("state=all")
                && !driver.findElements(By.cssSelector("#alerts td a")).isEmpty(),
        WAIT,
        "the alerts of every state");
    shot(driver, "6-alerts");
    WebElement first = driver.findElement(By.cssSelector("#alerts td a[href^='/alerts/']"));
    String id = first.getText();
    first.click();
    Await.until(
        () -> driver.executeScript("return window.trendChart != null") == Boolean.TRUE,
        WAIT,
        "the alert's series");
    driver.findElement(By.name("note")).sendKeys("acknowledged in the browser test");
    driver.findElement(By.cssSelector("#triage button[value='ack']")).click();
    WebElement result = driver.findElement(By.id("triage-result"));
    Await.until(() -> result.getDomAttribute("data-status") != null, WAIT, "the triage's answer");
    assertEquals("200", result.getDomAttribute("data-status"), result.getText());
    driver.navigate().refresh();
    Await.until(
        () -> !driver.findElements(By.id("state")).isEmpty(), WAIT, "the reloaded alert page");
    assertEquals("acknowledged", driver.findElement(By.id("state")).getText());
    assertTrue(
        driver.findElement(By.id("alert")).getText().contains("acknowledged in the browser test"));
    shot(driver, "7-alert-acknowledged");
    return id;
  }

  /**
   * Opens the overview, runs {@code publish} (a run imported while {@code ingest --follow} runs
   * beside the dashboard) and waits until the overview lists {@code dataset} with no reload; how
   * long after the warehouse's commit ({@code commit} tells the current one) it showed.
   */
  static Duration seesANewRunWithoutReload(
      String url, String dataset, Step publish, Supplier<String> commit) throws Exception {
    ChromeDriver driver = browser();
    driver.get(url);
    driver.executeScript("window.loadedOnce = true;");
    String before = commit.get();
    publish.run();
    long[] committed = {0};
    Await.until(
        () -> {
          if (committed[0] == 0 && !commit.get().equals(before)) {
            committed[0] = System.nanoTime();
          }
          try {
            return driver.findElement(By.id("latest-runs")).getText().contains(dataset);
          } catch (StaleElementReferenceException | NoSuchElementException replacedMeanwhile) {
            return false;
          }
        },
        Duration.ofSeconds(120),
        dataset + " on the overview");
    long shown = System.nanoTime();
    assertEquals(
        Boolean.TRUE,
        driver.executeScript("return window.loadedOnce === true"),
        "the page was not reloaded");
    shot(driver, "8-overview-followed");
    return Duration.ofNanos(shown - (committed[0] == 0 ? shown : committed[0]));
  }

  /** Picks the option {@code text} of the select named {@code name}, as a user clicks it. */
  private static void choose(ChromeDriver driver, String name, String text) {
    for (WebElement option :
        driver.findElements(By.cssSelector("select[name='" + name + "'] option"))) {
      if (option.getText().equals(text)) {
        option.click();
        return;
      }
    }
    throw new AssertionError("no option " + text + " in " + name);
  }

  /** Clicks the trend's first point where uPlot drew it; the run it opens. */
  @SuppressWarnings("unchecked")
  private static String clickFirstPoint(ChromeDriver driver) {
    List<Object> at =
        (List<Object>)
            driver.executeScript(
                "const u = window.trendChart;"
                    + " const r = u.over.getBoundingClientRect();"
                    + " return [u.valToPos(0, 'x'), u.valToPos(u.data[1][0], 'y'), r.width, r.height,"
                    + " JSON.parse(document.getElementById('trend-data').textContent).runs[0]];");
    double x = ((Number) at.get(0)).doubleValue();
    double y = ((Number) at.get(1)).doubleValue();
    double w = ((Number) at.get(2)).doubleValue();
    double h = ((Number) at.get(3)).doubleValue();
    WebElement over = driver.findElement(By.cssSelector("#trend-chart .u-over"));
    new Actions(driver)
        .moveToElement(over, (int) Math.round(x - w / 2), (int) Math.round(y - h / 2))
        .click()
        .perform();
    return (String) at.get(4);
  }

  private static void shot(ChromeDriver driver, String name) throws Exception {
    Files.copy(
        driver.getScreenshotAs(OutputType.FILE).toPath(),
        SHOTS.resolve(name + ".png"),
        StandardCopyOption.REPLACE_EXISTING);
  }
}
