package io.benchlake.importers;

import io.benchlake.home.BadInputException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * A file to import, read whole: its lines, whether its last line is complete, its modification time
 * (the month of a log that carries no date) and a digest of its content (event identity).
 */
public record SourceFile(
    String name, List<String> lines, boolean endsWithNewline, Instant modified, String digest) {

  /**
   * The most a file to import may hold: results of one run are kilobytes to a few megabytes, and a
   * file is held whole (its bytes, its text and its lines) while it is parsed.
   */
  public static final long MAX_FILE_BYTES = 256L << 20;

  /**
   * The longest line read: above the largest event ({@code import events}), far above any log's.
   */
  public static final int MAX_LINE_BYTES = 16 << 20;

  public static SourceFile read(Path path) {
    String name = path.toString();
    byte[] bytes = bytes(path);
    try {
      return of(name, bytes, Files.getLastModifiedTime(path).toInstant());
    } catch (IOException e) {
      throw new BadInputException(name + ": cannot read: " + e.getMessage());
    }
  }

  /**
   * The bytes of a file to import, refused (file:line) at a line longer than {@link
   * #MAX_LINE_BYTES} or past {@link #MAX_FILE_BYTES} in all: never read whole into memory first, so
   * that a device ({@code /dev/zero}) or a wrong file of gigabytes is one line, not an
   * OutOfMemoryError.
   */
  public static byte[] bytes(Path path) {
    String name = path.toString();
    try {
      if (Files.isRegularFile(path) && Files.size(path) > MAX_FILE_BYTES) {
        throw new BadInputException(tooLarge(name, "", Files.size(path)));
      }
      try (InputStream in = Files.newInputStream(path)) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[1 << 16];
        long line = 1;
        long lineBytes = 0;
        long total = 0;
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
          for (int i = 0; i < n; i++) {
            if (buffer[i] == '\n') {
              line++;
              lineBytes = 0;
            } else if (++lineBytes > MAX_LINE_BYTES) {
              throw BadInputException.at(
                  name,
                  line,
                  "a line longer than "
                      + (MAX_LINE_BYTES >> 20)
                      + " MB: not a text file of results (a binary file or a device?)");
            }
          }
          total += n;
          if (total > MAX_FILE_BYTES) {
            throw new BadInputException(tooLarge(name, "more than ", total));
          }
          out.write(buffer, 0, n);
        }
        return out.toByteArray();
      }
    } catch (IOException e) {
      throw new BadInputException(name + ": cannot read: " + e.getMessage());
    }
  }

  private static String tooLarge(String name, String atLeast, long bytes) {
    return String.format(
        Locale.ROOT,
        "%s: %s%.1f MB; a file to import may hold at most %d MB (split it, one run or a few per"
            + " file)",
        name,
        atLeast,
        bytes / 1e6,
        MAX_FILE_BYTES >> 20);
  }

  /** Decodes strictly as UTF-8: a file in another encoding is refused at the line it breaks. */
  public static SourceFile of(String name, byte[] bytes, Instant modified) {
    String text;
    try {
      text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString();
    } catch (CharacterCodingException e) {
      throw BadInputException.at(name, badLine(bytes), "not UTF-8 text");
    }
    if (text.startsWith("\uFEFF")) {
      text = text.substring(1);
    }
    return new SourceFile(
        name,
        text.lines().toList(),
        text.isEmpty() || text.endsWith("\n"),
        modified,
        ReadingDigest.of(bytes));
  }

  private static long badLine(byte[] bytes) {
    var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT);
    long line = 1;
    int start = 0;
    for (int i = 0; i <= bytes.length; i++) {
      if (i == bytes.length || bytes[i] == '\n') {
        try {
          decoder.decode(ByteBuffer.wrap(bytes, start, i - start));
        } catch (CharacterCodingException e) {
          return line;
        }
        line++;
        start = i + 1;
      }
    }
    return line - 1;
  }

  public BadInputException error(int lineIndex, String message) {
    return BadInputException.at(name, lineIndex + 1, message);
  }
}
