package io.benchlake.importers;

import io.benchlake.testing.ModuleArchitectureTest;

/** importers's pom and compiled classes against the arrows of docs/modules.md. */
class ArchitectureTest extends ModuleArchitectureTest {}
