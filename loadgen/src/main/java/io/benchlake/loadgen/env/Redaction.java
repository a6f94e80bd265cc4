package io.benchlake.loadgen.env;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Secrets never leave the process: passwords in cnf text, JDBC URLs and variables become ***. */
public final class Redaction {
  public static final String MASK = "***";
  private static final Pattern SECRET_NAME =
      Pattern.compile("(?i).*(password|passwd|secret|_key$|token).*");
  private static final Pattern CNF_LINE =
      Pattern.compile(
          "(?im)^(\\s*[#;]?\\s*[\\w.-]*(?:password|passwd|secret|token)[\\w.-]*\\s*=\\s*)(.*)$");
  // A URL's password ends at the next parameter, or where a message quoting the URL goes on.
  private static final Pattern URL_PASSWORD = Pattern.compile("(?i)(password=)([^&;\\s'\"]*)");
  // Options such as --mysql-password, --pass, --db-pwd; not --password-env, which names a variable
  private static final Pattern SECRET_OPTION =
      Pattern.compile("(?i)-.*(pass|pwd|secret|token).*(?<!-env)");
  private static final Pattern URL_USERINFO = Pattern.compile("(//[^/:@]+:)([^@/]+)(@)");

  private Redaction() {}

  /** A cnf's text with the value of every password-like setting masked. */
  public static String cnf(String text) {
    if (text == null) {
      return null;
    }
    Matcher m = CNF_LINE.matcher(text);
    return m.replaceAll(r -> Matcher.quoteReplacement(r.group(1) + MASK));
  }

  /** A JDBC URL with passwords masked, in the query string or the user-info part. */
  public static String url(String url) {
    if (url == null) {
      return null;
    }
    String masked = URL_PASSWORD.matcher(url).replaceAll("$1" + MASK);
    return URL_USERINFO.matcher(masked).replaceAll("$1" + MASK + "$3");
  }

  /**
   * A message that may quote {@code url} or parts of it (a driver's URL parsing error does) with
   * the URL's passwords, and each of {@code passwords}, masked wherever they appear.
   */
  public static String message(String message, String url, String... passwords) {
    if (message == null) {
      return null;
    }
    List<String> secrets = new ArrayList<>(Arrays.asList(passwords));
    if (url != null) {
      for (Pattern p : List.of(URL_PASSWORD, URL_USERINFO)) {
        p.matcher(url).results().forEach(r -> secrets.add(r.group(2)));
      }
    }
    String masked = url(message);
    for (String secret : secrets) {
      if (secret != null && !secret.isEmpty()) {
        masked = masked.replace(secret, MASK);
      }
    }
    return masked;
  }

  /**
   * A message about a command line (a parser's "Unknown option: '--mysql-password=…'") with every
   * secret the command line holds masked: the value of each password-like option, given as {@code
   * --x-password=V} or as {@code --x-password V}, and the passwords of any JDBC URL in it.
   */
  public static String commandLine(String message, String... args) {
    if (message == null) {
      return null;
    }
    List<String> secrets = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      int eq = arg.indexOf('=');
      String name = eq < 0 ? arg : arg.substring(0, eq);
      if (SECRET_OPTION.matcher(name).matches()) {
        if (eq >= 0) {
          secrets.add(arg.substring(eq + 1));
        } else if (i + 1 < args.length) {
          secrets.add(args[i + 1]);
        }
      }
      if (arg.contains("jdbc:")) {
        for (Pattern p : List.of(URL_PASSWORD, URL_USERINFO)) {
          p.matcher(arg).results().forEach(r -> secrets.add(r.group(2)));
        }
      }
    }
    return message(message, null, secrets.toArray(String[]::new));
  }

  public static boolean isSecretName(String name) {
    return SECRET_NAME.matcher(name.toLowerCase(Locale.ROOT)).matches();
  }

  /** Server variables with the values of secret-looking names masked. */
  public static Map<String, String> variables(Map<String, String> variables) {
    Map<String, String> out = new TreeMap<>();
    variables.forEach(
        (k, v) -> out.put(k, isSecretName(k) && v != null && !v.isEmpty() ? MASK : v));
    return out;
  }
}
