package io.benchlake.loadgen;

import io.benchlake.testing.ModuleArchitectureTest;

/** loadgen's pom and compiled classes against the arrows of docs/modules.md. */
class ArchitectureTest extends ModuleArchitectureTest {}
