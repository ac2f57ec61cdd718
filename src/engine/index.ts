// The engine's public surface: pure TypeScript (no React, no DOM, no Node APIs) shared by the
// browser, the zcp service and the command-line tools. Reading flow folders from disk is Node-only
// and lives in ./flow/files.

export {
  type CheckPoint,
  type CheckPointHit,
  checkPointFieldPaths,
  compileCheckPoints,
  evaluateCheckPoints,
} from './checkpoints';
export * from './conditions';
export * from './dates';
export * from './expr';
export { type FlowBundle, localizeRules, type RulesFile } from './flow/bundle';
export { type CheckInputs, checkFlowFolder, type FlowProblem } from './flow/check';
export { applyDerived } from './flow/derived';
export { expandFieldSets, fieldLabelKey } from './flow/expand';
export { applyFormData, formDataFor, substepSchema, substepUiSchema } from './flow/forms';
export { FlowLoadError, loadFlow } from './flow/load';
export { type ActiveNotice, activeNotices, noticeHolds } from './flow/notices';
export type * from './flow/types';
export { type FieldError, type ValidationContext, validateFlowData, validateSubstep } from './flow/validate';
export {
  createFlowMachine,
  type FlowContext,
  type FlowEvent,
  substepPositions,
} from './machine/createFlowMachine';
export { runEffects } from './machine/effects';
export type { FlowServices, PaymentRedirect, ServiceError } from './machine/services';
export * from './money';
export * from './paths';
export * from './quote';
export { deductiblesFor, rateQuote } from './rating/rate';
export type * from './rating/types';
export {
  type FieldRule,
  fieldRules,
  formatIbanGroups,
  isRuleName,
  normalizeIban,
  normalizePlate,
  type RuleResult,
} from './rules/fieldRules';
export * from './withdrawal';
