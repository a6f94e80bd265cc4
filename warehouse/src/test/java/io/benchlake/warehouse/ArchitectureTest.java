package io.benchlake.warehouse;

import io.benchlake.testing.ModuleArchitectureTest;

/** warehouse's pom and compiled classes against the arrows of docs/modules.md. */
class ArchitectureTest extends ModuleArchitectureTest {}
