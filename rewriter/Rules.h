//===- Rules.h - the stable identity of each kind of finding -------------===//
//
// A rule is chosen where a diagnostic is made and travels with it into the
// reports; the table is Rules.def.
//
//===----------------------------------------------------------------------===//
#ifndef OWNMAP_REWRITER_RULES_H
#define OWNMAP_REWRITER_RULES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace ownmap {

enum class Rule {
#define OWNMAP_RULE(Name, Id, Summary) Name,
#include "Rules.def"
};

/// The id in reports, e.g. ownmap.borrow.write-in.
llvm::StringRef ruleId(Rule R);
/// One line on what the rule reports (SARIF shortDescription, --list-rules).
llvm::StringRef ruleSummary(Rule R);
/// Every rule, in table order.
llvm::ArrayRef<Rule> allRules();

} // namespace ownmap

#endif
