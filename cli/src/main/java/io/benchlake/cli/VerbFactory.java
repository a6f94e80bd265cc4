package io.benchlake.cli;

import io.benchlake.home.BenchlakeHome;
import java.lang.reflect.Constructor;
import picocli.CommandLine;

/**
 * Makes the verbs of one command line, each given the home it runs in: a verb (or mixin) whose
 * constructor takes a {@link BenchlakeHome} gets this one, so the home is resolved once, by whoever
 * runs the command line ({@link Benchlake#main}, a schedule, a test), never by a verb.
 */
record VerbFactory(BenchlakeHome home) implements CommandLine.IFactory {
  @Override
  public <K> K create(Class<K> cls) throws Exception {
    Constructor<K> withHome;
    try {
      withHome = cls.getDeclaredConstructor(BenchlakeHome.class);
    } catch (NoSuchMethodException e) {
      return CommandLine.defaultFactory().create(cls);
    }
    return withHome.newInstance(home);
  }
}
