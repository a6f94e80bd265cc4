package io.benchlake.importers;

import io.benchlake.home.BadInputException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * A file to import, read whole: its lines, whether its last line is complete, its modification time
 * (the month of a log that carries no date) and a digest of its content (event identity).
 */
public record SourceFile(
    String name, List<String> lines, boolean endsWithNewline, Instant modified, String digest) {

  public static SourceFile read(Path path) {
    String name = path.toString();
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(path);
    } catch (IOException e) {
      throw new BadInputException(name + ": cannot read: " + e.getMessage());
    }
    try {
      return of(name, bytes, Files.getLastModifiedTime(path).toInstant());
    } catch (IOException e) {
      throw new BadInputException(name + ": cannot read: " + e.getMessage());
    }
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
