// A finding's rule is the one its diagnostic site chose, whatever its
// message says: here every message quotes a name ('conflicting') that
// once made the text matching pick ownmap.annotation.conflict. The JSON and
// SARIF reports carry the site's rule and the variable as a field.
// RUN: not %ownmap-rewrite %s --report=%t.json --report-format=json -- -I%ownmap-include 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: python3 -c 'import json,sys; f=json.load(open(sys.argv[1]))["findings"]; got=[(x["level"], x["rule"], x["variable"]) for x in f]; want=[("error","ownmap.annotation.missing","conflicting"),("note","ownmap.annotation.missing","conflicting"),("error","ownmap.annotation.len",None),("warning","ownmap.kernel.no-loop",None)]; assert got==want, got' %t.json
// RUN: not %ownmap-rewrite %s --report=%t.sarif --report-format=sarif -- -I%ownmap-include 2> /dev/null
// RUN: python3 -c 'import json,sys; run=json.load(open(sys.argv[1]))["runs"][0]; got=[(x["ruleId"], x.get("properties")) for x in run["results"]]; assert got==[("ownmap.annotation.missing",{"variable":"conflicting"})]*2+[("ownmap.annotation.len",None),("ownmap.kernel.no-loop",None)], got; rules=run["tool"]["driver"]["rules"]; assert [r["id"] for r in rules]==["ownmap.annotation.missing","ownmap.annotation.len","ownmap.kernel.no-loop"], rules; assert all(r["shortDescription"]["text"] for r in rules)' %t.sarif
#include <ownmap.h>

OM_KERNEL void copy(int n, const float *conflicting, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = conflicting[i];
}
// CHECK: rule-ids-stable.c:[[#@LINE-2]]:12: error: cannot offload: pointer parameter 'conflicting' has no ownership annotation; add OM_IN (the loop only reads it)

OM_KERNEL void fill(int OM_LEN(4) conflicting, OM_OUT float *y) {
  for (int i = 0; i < conflicting; ++i)
    y[i] = 0;
}
// CHECK: rule-ids-stable.c:[[#@LINE-4]]:25: error: OM_LEN on 'conflicting', which is not a pointer

OM_KERNEL void conflicting(int n) { (void)n; }
// CHECK: rule-ids-stable.c:[[#@LINE-1]]:16: warning: kernel 'conflicting' has no 'for' loop to offload
