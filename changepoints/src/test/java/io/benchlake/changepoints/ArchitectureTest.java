package io.benchlake.changepoints;

import io.benchlake.testing.ModuleArchitectureTest;

/** changepoints's pom and compiled classes against the arrows of docs/modules.md. */
class ArchitectureTest extends ModuleArchitectureTest {}
