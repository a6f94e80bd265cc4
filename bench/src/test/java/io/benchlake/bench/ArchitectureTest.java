package io.benchlake.bench;

import io.benchlake.testing.ModuleArchitectureTest;

/** bench's pom and compiled programs against the arrows of docs/modules.md. */
class ArchitectureTest extends ModuleArchitectureTest {}
