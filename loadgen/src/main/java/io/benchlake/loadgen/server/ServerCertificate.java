package io.benchlake.loadgen.server;

import io.benchlake.home.ServerFailedException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.concurrent.TimeUnit;

/**
 * The self-signed TLS certificate and key of the servers of one home, made once (by the JDK's
 * keytool, written out as PEM) and named in every run cnf: MariaDB 11.4 otherwise makes a new
 * certificate at every start, which took 7 to 27 s of a start on 2 cores.
 */
record ServerCertificate(Path cert, Path key) {
  private static final String ALIAS = "mariadbd";

  /** The certificate of the servers under {@code serversDir}, made now if there is none yet. */
  static ServerCertificate of(Path serversDir) {
    Path dir = serversDir.resolve("tls");
    ServerCertificate made = new ServerCertificate(dir.resolve("cert.pem"), dir.resolve("key.pem"));
    if (Files.isRegularFile(made.cert) && Files.isRegularFile(made.key)) {
      return made;
    }
    try {
      Files.createDirectories(serversDir);
      // Made aside and renamed into place: two processes never see half a pair.
      Path tmp = Files.createTempDirectory(serversDir, ".tls-");
      try {
        write(tmp);
        Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
      } catch (IOException e) {
        if (!Files.isRegularFile(made.cert)) {
          throw e;
        } // else another process made it first: theirs is as good
      } finally {
        MariaDbDistribution.deleteTree(tmp);
      }
      if (!Files.isRegularFile(made.cert) || !Files.isRegularFile(made.key)) {
        throw new IOException(dir + " holds no cert.pem and key.pem");
      }
      return made;
    } catch (IOException | GeneralSecurityException e) {
      throw new ServerFailedException(
          "cannot make the servers' TLS certificate in " + dir + ": " + e.getMessage(), e);
    }
  }

  /** The settings naming them, for a [mysqld] group. */
  String settings() {
    return "ssl-cert=" + cert + "\nssl-key=" + key + "\n";
  }

  private static void write(Path dir) throws IOException, GeneralSecurityException {
    Path store = dir.resolve("server.p12");
    String storePass = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));
    keytool(store, storePass);
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(store)) {
      ks.load(in, storePass.toCharArray());
    }
    Key key = ks.getKey(ALIAS, storePass.toCharArray());
    Path keyFile = dir.resolve("key.pem");
    Files.createFile(
        keyFile,
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    // PKCS#8, as OpenSSL and wolfSSL read it.
    Files.writeString(keyFile, pem("PRIVATE KEY", key.getEncoded()), StandardCharsets.US_ASCII);
    Files.writeString(
        dir.resolve("cert.pem"),
        pem("CERTIFICATE", ks.getCertificate(ALIAS).getEncoded()),
        StandardCharsets.US_ASCII);
    Files.delete(store);
  }

  /** Runs the JDK's keytool (part of java.base's image) for a key pair and self-signed cert. */
  private static void keytool(Path store, String storePass) throws IOException {
    Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
    ProcessBuilder pb =
        new ProcessBuilder(
                keytool.toString(),
                "-genkeypair",
                "-alias",
                ALIAS,
                "-keyalg",
                "RSA",
                "-keysize",
                "2048",
                "-validity",
                "36500",
                "-dname",
                "CN=benchlake MariaDB server",
                "-storetype",
                "PKCS12",
                "-keystore",
                store.toString(),
                "-storepass:env",
                "BENCHLAKE_STOREPASS")
            .redirectErrorStream(true);
    pb.environment().put("BENCHLAKE_STOREPASS", storePass);
    pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    try {
      if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        throw new IOException(keytool + " failed: " + out);
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while running " + keytool, e);
    }
  }

  private static String pem(String type, byte[] der) {
    String body =
        Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
    return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
  }

  /** Whether {@code cnf} names a certificate of its own, which then wins over this one. */
  static boolean namedIn(String cnf) {
    return cnf.lines().map(String::strip).anyMatch(l -> l.matches("(?i)ssl[-_]cert\\s*=.*"));
  }
}
