package io.benchlake.ingest;

import io.benchlake.testing.ModuleArchitectureTest;

/** ingest's pom and compiled classes against the arrows of docs/modules.md. */
class ArchitectureTest extends ModuleArchitectureTest {}
