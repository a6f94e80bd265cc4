package io.benchlake.schemas;

import io.benchlake.testing.ModuleArchitectureTest;

/** schemas's pom and compiled classes against the arrows of docs/modules.md. */
class ArchitectureTest extends ModuleArchitectureTest {}
