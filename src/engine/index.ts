// The engine's public surface: pure TypeScript (no React, no DOM, no Node APIs) shared by the
// browser, the zcp service and the command-line tools. Reading flow folders from disk is Node-only
// and lives in ./flow/files.

export * from './conditions';
export * from './paths';
export * from './dates';
export * from './money';
export * from './expr';
export { fieldRules, isRuleName, normalizePlate, normalizeIban, formatIbanGroups, type FieldRule, type RuleResult } from './rules/fieldRules';
export { evaluateCheckPoints, compileCheckPoints, checkPointFieldPaths, type CheckPoint, type CheckPointHit } from './checkpoints';
export { rateQuote, deductiblesFor } from './rating/rate';
export type * from './rating/types';
export * from './quote';
export type * from './flow/types';
export { type FlowBundle, type RulesFile, localizeRules } from './flow/bundle';
export { checkFlowFolder, type FlowProblem, type CheckInputs } from './flow/check';
export { loadFlow, FlowLoadError } from './flow/load';
export { expandFieldSets, fieldLabelKey } from './flow/expand';
export { applyDerived } from './flow/derived';
export { activeNotices, noticeHolds, type ActiveNotice } from './flow/notices';
export { validateSubstep, validateFlowData, type FieldError, type ValidationContext } from './flow/validate';
export { substepSchema, substepUiSchema, formDataFor, applyFormData } from './flow/forms';
export { createFlowMachine, substepPositions, type FlowContext, type FlowEvent } from './machine/createFlowMachine';
export { runEffects } from './machine/effects';
export type { FlowServices, PaymentRedirect, ServiceError } from './machine/services';
