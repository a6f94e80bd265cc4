package io.benchlake.alerts;

import io.benchlake.testing.ModuleArchitectureTest;

/** alerts's pom and compiled classes against the arrows of docs/modules.md. */
class ArchitectureTest extends ModuleArchitectureTest {}
