package io.benchlake.bus;

import io.benchlake.testing.ModuleArchitectureTest;

/** bus's pom and compiled classes against the arrows of docs/modules.md. */
class ArchitectureTest extends ModuleArchitectureTest {}
