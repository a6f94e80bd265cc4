package io.benchlake.web;

import io.benchlake.testing.ModuleArchitectureTest;

/** web's pom and compiled classes against the arrows of docs/modules.md. */
class ArchitectureTest extends ModuleArchitectureTest {}
