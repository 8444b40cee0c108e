// Exclusivity checks are inserted once: the tool's own output (checks before
// a data region and before a loop) rewrites to itself.
// RUN: %ownmap-rewrite %S/exclusive-region.c -o %t.once.c --
// RUN: %ownmap-rewrite %t.once.c -o %t.twice.c --
// RUN: diff %t.once.c %t.twice.c
// RUN: grep -c '^  if (.*) ownmap_check_exclusive(' %t.twice.c | FileCheck %s
// CHECK: {{^}}2{{$}}
