package io.benchlake.loadgen.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ErrorClassTest {
  private static final ErrorPolicy DEFAULTS = ErrorPolicy.defaults();

  private static ErrorClass of(int code, String sqlState, ErrorPolicy policy) {
    return ErrorClass.of(new SQLException("boom", sqlState, code), policy);
  }

  @ParameterizedTest
  @ValueSource(ints = {1213, 1020, 1205})
  void sysbenchsDefaultIgnoreListIsRetried(int code) {
    assertEquals(ErrorClass.RETRY, of(code, "HY000", DEFAULTS));
  }

  @Test
  void aSerializationFailureCountsAsTheDeadlockItIs() {
    assertEquals(ErrorClass.RETRY, of(0, "40001", DEFAULTS));
    assertEquals(ErrorClass.ABORT, of(0, "40001", ErrorPolicy.parse("1205")));
  }

  @ParameterizedTest
  @ValueSource(ints = {2013, 2006, 2055, 2011})
  void theClientsConnectionLostCodesReconnect(int code) {
    assertEquals(ErrorClass.RECONNECT, of(code, "HY000", DEFAULTS));
  }

  @Test
  void aConnectionExceptionReconnectsWhateverItsCode() {
    assertEquals(ErrorClass.RECONNECT, of(1927, "08S01", DEFAULTS));
    assertEquals(
        ErrorClass.RECONNECT,
        ErrorClass.of(new SQLNonTransientConnectionException("closed"), ErrorPolicy.parse("none")));
    assertEquals(
        ErrorClass.RECONNECT,
        ErrorClass.of(new SQLTransientConnectionException("timeout"), ErrorPolicy.parse("none")));
  }

  @Test
  void aLostConnectionReconnectsEvenWhenAllErrorsAreIgnored() {
    assertEquals(ErrorClass.RECONNECT, of(2013, "HY000", ErrorPolicy.parse("all")));
  }

  @Test
  void anErrorOutsideTheListAborts() {
    assertEquals(ErrorClass.ABORT, of(1064, "42000", DEFAULTS));
    assertEquals(ErrorClass.ABORT, of(1213, null, ErrorPolicy.parse("none")));
  }

  @Test
  void allRetriesEveryErrorThatIsNotALostConnection() {
    assertEquals(ErrorClass.RETRY, of(1064, "42000", ErrorPolicy.parse("all")));
    assertEquals(ErrorClass.RETRY, of(1146, null, ErrorPolicy.parse("1146")));
  }
}
