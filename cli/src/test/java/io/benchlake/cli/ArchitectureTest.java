package io.benchlake.cli;

import io.benchlake.testing.ModuleArchitectureTest;

/** cli's pom and compiled classes against the arrows of docs/modules.md. */
class ArchitectureTest extends ModuleArchitectureTest {}
