package io.benchlake.it;

import io.benchlake.testing.ModuleArchitectureTest;

/** it's pom and compiled classes against the arrows of docs/modules.md. */
class ArchitectureTest extends ModuleArchitectureTest {}
