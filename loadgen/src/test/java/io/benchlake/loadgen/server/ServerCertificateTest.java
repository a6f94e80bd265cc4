package io.benchlake.loadgen.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.testing.TestDirs;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyFactory;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class ServerCertificateTest {
  @Test
  void aHomesCertificateIsMadeOnceAsPemWithAKeyOnlyItsOwnerReads() throws Exception {
    Path servers = TestDirs.fresh("server-cert").resolve("servers");
    ServerCertificate made = ServerCertificate.of(servers);
    assertEquals(servers.resolve("tls/cert.pem"), made.cert());
    String certPem = Files.readString(made.cert());
    String keyPem = Files.readString(made.key());
    assertTrue(certPem.startsWith("-----BEGIN CERTIFICATE-----\n"), certPem);
    assertTrue(keyPem.startsWith("-----BEGIN PRIVATE KEY-----\n"));
    assertTrue(keyPem.endsWith("\n-----END PRIVATE KEY-----\n"));
    assertEquals(
        "rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(made.key())));
    X509Certificate cert =
        (X509Certificate)
            CertificateFactory.getInstance("X.509")
                .generateCertificate(new ByteArrayInputStream(der(certPem)));
    var key = KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der(keyPem)));
    assertEquals(
        ((RSAPublicKey) cert.getPublicKey()).getModulus(),
        ((java.security.interfaces.RSAPrivateKey) key).getModulus(),
        "the key is the certificate's");
    cert.checkValidity();

    ServerCertificate again = ServerCertificate.of(servers);
    assertEquals(certPem, Files.readString(again.cert()), "made once");
    try (var left = Files.list(servers)) {
      assertEquals(1, left.count(), "no temporary directory left beside tls/");
    }
  }

  @Test
  void aCnfThatNamesItsOwnCertificateKeepsIt() {
    assertTrue(ServerCertificate.namedIn("[mysqld]\nport=1\nssl-cert = /etc/my.pem\n"));
    assertTrue(ServerCertificate.namedIn("[mysqld]\nSSL_CERT=/etc/my.pem\n"));
    assertFalse(ServerCertificate.namedIn("[mysqld]\n# ssl-cert=/etc/my.pem\nssl-ca=/x\n"));
  }

  private static byte[] der(String pem) {
    return Base64.getMimeDecoder()
        .decode(pem.replaceAll("-----(BEGIN|END) [A-Z ]+-----", "").strip());
  }
}
