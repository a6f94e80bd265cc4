package io.benchlake.analytics;

import io.benchlake.testing.ModuleArchitectureTest;

/** analytics's pom and compiled classes against the arrows of docs/modules.md. */
class ArchitectureTest extends ModuleArchitectureTest {}
