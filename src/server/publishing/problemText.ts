// The checker's and the gates' findings in the studio's language. The checker (`flows:check`, in
// src/engine) and the scenario replay write their findings in English, for the command line and
// the logs; the studio shows them translated: each known finding is matched here and told with a
// key of locales/<lang>/mail.json (errors.publishing.problem.*), its names and values kept as
// they are. A finding not matched yet is shown whole, introduced in the caller's language.

import { type Lang, t } from '../platform/i18n';

/** One known finding: its English wording (named groups are its parameters) and its key. */
const KNOWN: [RegExp, string][] = [
  [/^locale key "(?<key>[^"]+)" is missing in (?<file>\S+)$/, 'localeKeyMissing'],
  [/^duplicate step id "(?<id>[^"]+)"$/, 'duplicateStep'],
  [/^duplicate substep id "(?<id>[^"]+)"$/, 'duplicateSubstep'],
  [/^duplicate field id "(?<id>[^"]+)"$/, 'duplicateField'],
  [/^unknown field set "(?<name>[^"]+)"$/, 'unknownFieldSet'],
  [/^path "(?<path>[^"]+)" is not written by any field, default, derived value or call$/, 'pathNotWritten'],
  [/^unknown call "(?<call>[^"]+)"$/, 'unknownCall'],
  [/^no call of the flow goes to (?<path>\S+)$/, 'noCallTo'],
  [/^list of values "(?<name>[^"]+)" is unknown to the service$/, 'lovUnknown'],
  [/^list of values "(?<name>[^"]+)" is not declared in \/lovs$/, 'lovNotDeclared'],
  [
    /^"(?<path>[^"]+)" takes its values from the list "(?<list>[^"]+)" \(spec §3\): use "lov": "[^"]+", not static options$/,
    'lovNotStatic',
  ],
  [
    /^"(?<path>[^"]+)" takes its values from the list "(?<list>[^"]+)" \(spec §3\): give the field/,
    'lovNeeded',
  ],
  [
    /^"(?<path>[^"]+)" shows the list "(?<shown>[^"]+)", but spec §3 ties it to "(?<list>[^"]+)"$/,
    'lovOther',
  ],
  [
    /^default (?<value>.+) of "(?<path>[^"]+)" is not a value of the list "(?<list>[^"]+)" \((?<values>.*)\)$/,
    'defaultNotInList',
  ],
  [
    /^list of values "(?<name>[^"]+)" names "(?<call>[^"]+)", which is not a GET call in \/calls$/,
    'lovCallNotGet',
  ],
  [/^unknown field rule "(?<rule>[^"]+)"$/, 'unknownRule'],
  [/^unknown cover "(?<cover>[^"]+)"$/, 'unknownCover'],
  [/^no ET_TEXTS entry "(?<text>[^"]+)" in rules\.json$/, 'noEtText'],
  [/^id "(?<id>[^"]+)" differs from the folder name "(?<folder>[^"]+)"$/, 'idDiffers'],
  [/^missing flow\.json$/, 'missingFlow'],
  [/^a product flow needs rules\.json$/, 'needsRules'],
  [/^a product flow needs tariff\.json$/, 'needsTariff'],
  [/^an array field needs items$/, 'arrayNeedsItems'],
  [/^check points need rules\.json$/, 'checkPointsNeedRules'],
  [/^a call path starts with \/$/, 'callPathSlash'],
  [/^a packages substep needs "packages", and only it may have one$/, 'packagesSubstep'],
  [/^a public product needs withdrawalDays/, 'withdrawalDays'],
  [/^a claim wizard is a portal flow/, 'claimWizardPortal'],
  [/^product "(?<code>[^"]+)" is not the rulesKey of any product flow \((?<known>.*)\)$/, 'productUnknown'],
  [/^product "(?<code>[^"]+)" already has a claim wizard: (?<other>\S+)$/, 'productHasClaimWizard'],
  [/^renewal fact "(?<path>[^"]+)" is not a field of the flow$/, 'renewalFact'],
  [/^the photoSlots widget goes with `photos` on an array field$/, 'photoSlots'],
  [
    /^rule "(?<rule>[^"]+)" takes (?<min>\d+) or more parameter\(s\), got (?<got>\d+)$/,
    'ruleParametersOrMore',
  ],
  [
    /^rule "(?<rule>[^"]+)" takes (?<min>\d+)-(?<max>\d+) parameter\(s\), got (?<got>\d+)$/,
    'ruleParametersRange',
  ],
  [/^rule "(?<rule>[^"]+)" takes (?<min>\d+) parameter\(s\), got (?<got>\d+)$/, 'ruleParameters'],
  [/^"checklist" needs a rule made of parts \((?<parts>.*)\)$/, 'checklistParts'],
  [/^contract facts belong to a portal wizard/, 'contractFactsPortal'],
  [/^contract fact "(?<name>[^"]+)" is read by no call or field of the flow/, 'contractFactUnread'],
  [/^no photoSlots field has the path "(?<path>[^"]+)"$/, 'noPhotoSlotsField'],
  [/^(?<key>\S+) "(?<value>[^"]*)" appears twice$/, 'appearsTwice'],
  [/^category "(?<category>[^"]+)" is not one of CATEGORIES$/, 'unknownCategory'],
  [/^flow "(?<flow>[^"]+)" is not a folder of flows\/$/, 'flowNotFolder'],
  [/^"(?<field>[^"]+)" is not one of the kind's fields$/, 'notKindField'],
  [/^BIC "(?<bic>[^"]+)" is not in the bank list/, 'bicUnknown'],
  [/^not valid JSON: (?<error>.*)$/s, 'notJson'],
  // The schema's own words (the format's JSON Schema, as Ajv says them).
  [/^must have required property '(?<name>[^']+)'$/, 'schemaRequired'],
  [/^must NOT have additional properties "(?<name>[^"]+)"$/, 'schemaAdditional'],
  [/^must be equal to one of the allowed values \((?<values>.*)\)$/, 'schemaEnum'],
  [/^must match pattern "(?<pattern>.+)"$/, 'schemaPattern'],
  [/^must be (?<type>string|number|integer|boolean|array|object|null)$/, 'schemaType'],
  [/^must NOT have fewer than (?<limit>\d+) characters$/, 'schemaMinLength'],
  [/^must NOT have more than (?<limit>\d+) characters$/, 'schemaMaxLength'],
  [/^must NOT have fewer than (?<limit>\d+) items$/, 'schemaMinItems'],
  [/^must be >= (?<limit>-?[\d.]+)$/, 'schemaMinimum'],
  [/^must be <= (?<limit>-?[\d.]+)$/, 'schemaMaximum'],
  // What a replayed scenario found (publishing/replay/scenario.ts, compareOutcome).
  [/^expected a referral, none happened$/, 'scenarioNoReferral'],
  [/^unexpected referral: (?<message>.*)$/s, 'scenarioUnexpectedReferral'],
  [/^referral message "(?<got>.*)" does not contain "(?<wanted>.*)"$/s, 'scenarioReferralMessage'],
  [/^referral check (?<got>\S*), expected (?<wanted>\S+)$/, 'scenarioReferralCheck'],
  [/^premium (?<got>\S+), expected (?<wanted>\S+)$/, 'scenarioPremium'],
  [/^did not reach payment$/, 'scenarioNoPayment'],
  [/^reached payment$/, 'scenarioPayment'],
  [/^blocked on (?<substep>\S+): (?<fields>.*)$/, 'scenarioBlocked'],
  [/^refused on (?<substep>\S+): (?<message>.*)$/s, 'scenarioRefused'],
  [/^expected to be on (?<wanted>\S+), the flow is on (?<got>\S+)$/, 'scenarioElsewhere'],
  [/^flow (?<flow>\S+) is not published$/, 'scenarioNotPublished'],
];

/** A checker's or a scenario's finding (English) in `lang`. */
export function problemText(lang: Lang, message: string): string {
  for (const [pattern, key] of KNOWN) {
    const m = pattern.exec(message);
    if (!m) continue;
    const params: Record<string, string> = { ...(m.groups ?? {}) };
    if (params.type) params.type = t(lang, `errors.publishing.problem.types.${params.type}`);
    return t(lang, `errors.publishing.problem.${key}`, params);
  }
  // The schema's words after a property name ('property name "x": must …').
  const named = /^property name "(?<name>[^"]+)": (?<rest>.+)$/.exec(message);
  if (named?.groups)
    return t(lang, 'errors.publishing.problem.propertyName', {
      name: named.groups.name,
      problem: problemText(lang, named.groups.rest),
    });
  return t(lang, 'errors.publishing.problem.other', { message });
}

/** The English wordings this module knows (for the tests). */
export const KNOWN_PROBLEM_KEYS: readonly string[] = KNOWN.map(([, key]) => key);

/** A gate's reason in `lang`: its key and values when the gate gave them, else its English detail. */
export function reasonText(
  lang: Lang,
  reason: { detail: string; key?: string; params?: Record<string, string> },
): string {
  if (!reason.key) return problemText(lang, reason.detail);
  const params: Record<string, string> = { ...(reason.params ?? {}) };
  if (params.message !== undefined) params.message = problemText(lang, params.message);
  if (params.problem !== undefined) params.problem = problemText(lang, params.problem);
  if (params.scenarioId !== undefined)
    params.scenario = t(lang, 'errors.publishing.reason.studioScenario', {
      id: params.scenarioId,
      name: params.scenarioName,
    });
  return t(lang, `errors.publishing.reason.${reason.key}`, params);
}
