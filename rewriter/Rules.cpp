//===- Rules.cpp - the stable identity of each kind of finding -----------===//
#include "Rules.h"

namespace ownmap {

namespace {
struct RuleInfo {
  llvm::StringRef Id, Summary;
};
constexpr RuleInfo Infos[] = {
#define OWNMAP_RULE(Name, Id, Summary) {Id, Summary},
#include "Rules.def"
};
constexpr Rule All[] = {
#define OWNMAP_RULE(Name, Id, Summary) Rule::Name,
#include "Rules.def"
};
} // namespace

llvm::StringRef ruleId(Rule R) { return Infos[static_cast<int>(R)].Id; }
llvm::StringRef ruleSummary(Rule R) {
  return Infos[static_cast<int>(R)].Summary;
}
llvm::ArrayRef<Rule> allRules() { return All; }

} // namespace ownmap
