// The flow format, as TypeScript. schemas/flow.schema.json is the same contract for editors and
// `flows:check`; docs/flows.md explains every construct to the product team.

import type { Condition } from '../conditions';

/** A quote: the structure sent to the /zcp calls (CS_POLICY, CS_POLICY_HOLDER, product object ...). */
export type Quote = Record<string, unknown>;

export interface Flow {
  /** Folder name and URL segment: flows/<id>/flow.json is served at /<id>. */
  id: string;
  /** Where the flow lives: "public" quote flows or "portal" wizards (login needed). */
  area: 'public' | 'portal';
  product?: ProductMeta;
  /** Locale namespace of the flow's own strings (defaults to the flow id). */
  namespace?: string;
  /** Values set on a new quote, by dotted path. */
  defaults?: Record<string, unknown>;
  /** Lists of values the flow loads when it starts (GET /zcp/lov/multi). */
  lovs?: LovBinding[];
  /** Named /zcp calls the flow's effects refer to. */
  calls?: Record<string, CallSpec>;
  /** Values the engine computes before conditions and check points (age from a birth date, sums). */
  derived?: Derived[];
  steps: Step[];
  /** Query parameters that choose a variant (motor brand 1 and 2). */
  variants?: Variant[];
  /** What the last substep's Continue leads to when the flow has no payment: a closing screen. */
  completion?: Completion;
  /**
   * The call a referral's call-back runs (a portal work order with what was asked), instead of
   * opening the public call-back form; the customer stays where they are.
   */
  referralCallBack?: string;
  /** The referral's heading (i18n key) when "cannot insure online" does not fit (an endorsement). */
  referralTitle?: string;
  /**
   * A portal claim wizard: the products (rulesKey, the contract's PRODUCT_CODE) it files claims
   * for. The portal's contract card links an active contract of one of them to this wizard.
   */
  claimFor?: string[];
  /**
   * A portal endorsement wizard: facts of the contract its calls need that the customer does not
   * change (the vehicle's chassis number and maker for the register search), name -> path in the
   * contract's data. The service's GET /contract/endorsements answers them in CS_CURRENT.
   */
  contractFacts?: Record<string, string>;
}

/** The screen a finished flow shows (a portal wizard: account created, password changed). */
export interface Completion {
  /** Heading (i18n key). */
  title: string;
  /** Text under it (i18n key). */
  text?: string;
  /** Values for the texts, read from the quote by path: { "workorderId": "CS_REQUEST.WORKORDER_ID" } fills {{workorderId}}. */
  values?: Record<string, string>;
  /**
   * Where the customer goes next: an in-app path and its label (i18n key). `{name}` is a name of
   * `values` ("/my-claims/{claimNo}"), any other `{path}` is read from the quote
   * ("/my-contract/{CS_CONTRACT.CONTRACT_NO}").
   */
  links?: { to: string; label: string }[];
  /**
   * Files a `photoSlots` field held in the browser, sent once the flow's calls are done (the claim
   * exists): each resumably (tus) to `endpoint`, with `metadata` read from the quote by path plus
   * the slot and the file name. The screen shows each file's progress and lets a failed one be
   * sent again; whatever happens to a file, what the calls created stays.
   */
  uploads?: CompletionUploads;
}

export interface CompletionUploads {
  /** Path of the `photoSlots` field whose files are sent. */
  from: string;
  /** Path under /zcp of the tus endpoint ("/claim/tus"). */
  endpoint: string;
  /** Upload-Metadata entries read from the quote: { "claimNo": "CS_CLAIM.CLAIM_NO" }. */
  metadata: Record<string, string>;
}

/** One place of a `photoSlots` field: a photo or a document the customer adds. */
export interface PhotoSlot {
  id: string;
  /** "photo": images only; "document": images or a PDF scan. */
  kind: 'photo' | 'document';
  /** Continue waits until this slot has a file. */
  required?: boolean;
  /** i18n key of the slot's name; default "<namespace>:slots.<id>.label". */
  label?: string;
}

export interface Derived {
  path: string;
  /** Whole years between the date at this path and today. */
  ageOf?: string;
  /** Sum of the numbers matched by a path with `*` segments ("CT_GUNS.*.COST"). */
  sumOf?: string;
  /** Number of entries of the array at this path. */
  countOf?: string;
  expr?: Expr;
  /** The answer at this path, copied while `when` holds (an address "same as" another). */
  copyOf?: string;
  /** Only for `copyOf`: when it does not hold, the value is left as the visitor typed it. */
  when?: Condition;
}

/** How a product's contracts are renewed (src/engine/renewal.ts has the calendar). */
export interface ProductRenewal {
  /** false: contracts of this product are not renewed (a trip is bought once). */
  offered?: boolean;
  /** Days before expiry that the renewal offer is prepared and announced (30 by default). */
  offerDays?: number;
  /** Days before expiry of the last reminder (7 by default). */
  reminderDays?: number;
  /** Answers the customer must confirm are still true before paying (quote paths of the flow's fields). */
  reconfirm?: string[];
}

export interface ProductMeta {
  /** Key of GET /zcp/offer/RulesDetail/{key} and of flows/<id>/rules.json. */
  rulesKey: string;
  /** Where the product stands in the site's menus (lowest first). */
  menuOrder?: number;
  /** PRODUCT_ID sent to the service; "lookup" when a call provides it (motor). */
  productId: string;
  /** Path of the product object in the quote (CS_DRIVER, CS_VEHICLE ...). */
  objectKey: string;
  /** Route names of the spec (DriverOffer, DriverPayment ...). */
  routeNames?: Record<string, string>;
  /** The object that carries ACTIVATED on each step (travel, driver and hunter). */
  activatedFlag?: boolean;
  /** Where the premium shown to the visitor is read from. */
  premiumPath?: string;
  /** Locale keys naming the premium and what it pays for ("Annual premium", "a year"). */
  premiumWording: { label: string; period: string };
  /** The product's /zcp calls: POST /zcp/{segment}/{calc|packages|quotation}. */
  api: { segment: string; calc: string; packages?: string; quotation: string };
  /** Days an offer stays valid. */
  offerValidityDays?: number;
  /** The right of withdrawal in days from the policy's issue (purchase spec §9); public products need it. */
  withdrawalDays?: number;
  /** Renewal of a contract before it ends (issue 28 item 2); absent: renewed on the defaults. */
  renewal?: ProductRenewal;
  /** The quote's blocks holding personal data, left out of an offer read by an old offer cookie alone. */
  personalData?: string[];
  /** false: the portal does not list the product's open offers (cyber, spec §1). */
  portalOffers?: boolean;
  /**
   * The insured object in a few words, on the portal's cards and lists (OBJECT_DESC): the parts
   * with a value, in order. A product without it is described by the policyholder's name.
   */
  objectSummary?: ObjectSummaryPart[];
  /** A certificate of insurance with a verification QR code (motor): see schemas/flow.schema.json. */
  certificate?: CertificateConfig;
  /**
   * Values of the insured object (the contract's CS_OBJECT) read from elsewhere in the quote when
   * the object has none: field name of the object -> quote path.
   */
  objectFallbacks?: Record<string, string>;
}

/** What a product's certificate of insurance states (issue 28 item 6). */
export interface CertificateConfig {
  /** The registration number: the one fact the public verification page shows beside the period. */
  platePath: string;
  /** Further facts (the permitted drivers), each a quote path and a locale key. */
  facts?: { path: string; label: string; format?: 'yesno' }[];
}

/** One part of ProductMeta.objectSummary: "NNT240", "Toyota", "Rav4"; "Λεωφόρος Στροβόλου", "112". */
export interface ObjectSummaryPart {
  /** The quote path read, or several: the first with a value. A part without a value is left out. */
  path: string | string[];
  /** A list declared in /lovs (by its `as` name if it has one): the value's text in the reader's language. */
  lov?: string;
  /** Letter case: "upper", "lower", or "capitalize" (a capital, then lower case: RAV4 -> Rav4). */
  case?: 'upper' | 'lower' | 'capitalize';
  /** A locale key the text is put in, as {{value}} (and {{count}}, so plural forms apply): "{{count}} days". */
  text?: string;
  /** Written before the part when an earlier part has a value; a space unless given. */
  separator?: string;
}

export interface Variant {
  id: string;
  /** Query parameter and value that select it: ?ref=1. */
  query: { name: string; value: string };
  theme: string;
  /** Quote values the variant sets (its product id, its maker ...). */
  defaults?: Record<string, unknown>;
  /** What a quote must satisfy for the variant's prices; the service checks it when it prices. */
  eligibleIf?: Condition;
}

export interface LovBinding {
  /** LOV_NAME at the service. */
  name: string;
  /**
   * The name fields use in `lov` for this binding (default: `name`). Lets a flow bind one list twice
   * with different dependencies: the CITY of the insured property and the CITY of the holder.
   */
  as?: string;
  /** The `origin` query parameter of /zcp/lov/multi. */
  origin?: string;
  /** Dependent lists: looked up with GET /zcp/lov/dep/{key}/{value}.../{lov} once every path has a value. */
  dependsOn?: { key: string; path: string }[];
  /**
   * A list read from one of the flow's GET calls instead of /lov/multi: lists that belong to the
   * logged-in customer (their own contracts). The call answers { LOV_NAME, LOV_VALUE }.
   */
  call?: string;
}

/** A projected value: a quote path, or a path with a value map ({ "path", "map": { "1": "X" }, "otherwise": "" }). */
export type SendEntry = string | { path: string; map: Record<string, unknown>; otherwise?: unknown };

export interface CallSpec {
  method: 'GET' | 'POST';
  /** Path under /zcp; `{path.to.value}` segments are filled from the quote. */
  path: string;
  /**
   * What is sent: the whole quote (default), nothing, or a projection: { "I_MAIL_ADDRESS": "CS_CONFIRMATION.EMAIL" }.
   * A dotted name nests ("IS_INCIDENT.CAUSE_NO"); an entry may translate the answer with a value map.
   */
  send?: 'quote' | 'none' | Record<string, SendEntry>;
  /** Where the answer goes: answer key -> quote path ("*" merges the whole answer into the quote). */
  merge?: Record<string, string>;
  /**
   * The flow's own text for a refusal the service names by CODE (a 422 or 403 answer):
   * { "USER_NOT_FOUND": "refusals.userNotFound" }. Shown above Continue instead of the service's text.
   */
  refusals?: Record<string, string>;
}

export type StepKind = 'form' | 'packages' | 'sendOffer' | 'payment' | 'review';

export interface Step {
  id: string;
  /** Step-bar label (i18n key); substeps share their step's label. */
  label: string;
  substeps: Substep[];
  /** A step shown only when a condition holds (the engine skips it otherwise). */
  visibleIf?: Condition;
}

export interface Substep {
  id: string;
  kind: StepKind;
  /** Heading (i18n key). */
  title?: string;
  /** Short text under the heading (i18n key). */
  intro?: string;
  /** Shared field groups from flows/_shared/<name>.json, placed before `fields` (labels in `fields:`). */
  fieldSets?: string[];
  fields?: Field[];
  /** Packages step: where the list of packages and covers live and what is required. */
  packages?: PackagesSpec;
  /** Cover and document panels; `requireAllOpened` holds the continue button until each was opened. */
  panels?: PanelsSpec;
  /** What happens, in order, when the visitor leaves this substep forwards. */
  onLeave?: Effect[];
  /** What happens when the substep is entered (e.g. a package recalculation). */
  onEnter?: Effect[];
  /** Notices shown on the substep when a condition holds (warnings, not errors). */
  notices?: Notice[];
}

export interface Notice {
  id: string;
  /** i18n key; values for interpolation are read from the quote by `values`. */
  text: string;
  level: 'info' | 'warning';
  when: Condition | ComputedTest;
  values?: Record<string, string>;
}

/** A comparison of one path with a computed expression: { "path": "...", "lt": { "mul": [...] } }. */
export interface ComputedTest {
  path: string;
  lt?: Expr;
  gt?: Expr;
}

/** Arithmetic over quote values, used by notices and the tariff. */
export type Expr = number | { path: string } | { mul: Expr[] } | { add: Expr[] } | { div: [Expr, Expr] };

export type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';

export type Widget =
  | 'text'
  | 'textarea'
  | 'email'
  | 'number'
  | 'currency'
  | 'select'
  | 'radio'
  | 'yesno'
  | 'checkbox'
  | 'date'
  | 'time'
  | 'plate'
  | 'phone'
  | 'iban'
  | 'uppercase'
  | 'cardExpiry'
  | 'digits'
  | 'password'
  | 'file'
  | 'photoSlots'
  | 'hidden';

export interface Field {
  /** Unique within the substep; a plain identifier. */
  id: string;
  /** Where the value lives in the quote ("CS_HUNTER.NUMBER_OF_GUNS"); for items, relative to the item. */
  path: string;
  type: FieldType;
  widget?: Widget;
  /** i18n key of the label; default "<namespace>:fields.<id>.label". */
  label?: string;
  /** i18n key of the help text. */
  help?: string;
  /** i18n key of the example in the empty field, when the widget's own does not fit (a landline). */
  placeholder?: string;
  /** Options from a list of values (by LOV_NAME, loaded by the flow). */
  lov?: string;
  /** Values of that list this field does not offer (cash, which cannot be paid online). */
  lovExclude?: string[];
  /** Options written in the flow: value -> i18n key. */
  options?: { value: string; label: string }[];
  /** Options read from a list in the quote (a call's answer, e.g. the deductibles), in its order. */
  optionsFrom?: OptionsFrom;
  /**
   * On a packages substep: changing this value re-runs the substep's `recalculate` call once a
   * package is chosen (a deductible changes every package's price).
   */
  recalculates?: boolean;
  /** Required always (true) or by flag (a condition). */
  required?: boolean | Condition;
  visibleIf?: Condition;
  disabledIf?: Condition;
  default?: unknown;
  /** Field rules by the spec's names, with parameters; a parameter may be { "ref": "path" }. */
  rules?: RuleRef[];
  /** Shows the parts of the field's rules (a password policy) as a live list ticked off while typing. */
  checklist?: boolean;
  /**
   * A `file` widget's upload: the named call (POST, multipart) receives the chosen file with the
   * call's `send` values as form fields; the answer's UPLOAD_ID becomes the field's value.
   */
  upload?: { call: string };
  /**
   * A `photoSlots` field (type array): the places a customer fills with a photo or a scan. The
   * value is the list of filled slot ids, in slot order; the files stay in the browser, resized,
   * until the flow's `completion.uploads` sends them.
   */
  photos?: { slots: PhotoSlot[] };
  /**
   * A box the visitor ticks to accept the product's documents: every text of the product's rules
   * (ET_TEXTS) is offered beside it, and it cannot be ticked before each was opened (a text opened
   * as a panel earlier counts). Opened texts are recorded at READ_TEXTS_PATH.
   */
  readFirst?: boolean;
  /** The browser's autofill hint when the widget's default is wrong (a new password: new-password). */
  autocomplete?: 'new-password' | 'current-password' | 'one-time-code' | 'off';
  /**
   * A page the field refers to (the terms of use beside a consent): an in-app path and its label
   * (i18n key), opened in a new tab so the wizard keeps its answers.
   */
  link?: { to: string; label: string };
  /** Set by the loader on fields that came from a shared field set. */
  fieldSet?: string;
  /** Extra JSON Schema keywords for the value (minimum, maximum, maxLength, pattern ...). */
  schema?: Record<string, unknown>;
  /** Date bounds: "today", "today+30d", "today-18y" or a Y-m-d date. */
  date?: { min?: string; max?: string };
  /** For arrays of objects: the item's fields (paths relative to the item) and the count limits. */
  items?: Field[];
  minItems?: number;
  maxItems?: number;
}

export interface OptionsFrom {
  /** Path of the list in the quote ("CT_DEDUCTIBLES"). */
  path: string;
  /** Key of each entry holding the option's value ("DEDUCTIBLE_ID"). */
  value: string;
  /** Key of each entry holding the option's text ("DEDUCTIBLE_AMOUNT"). */
  label: string;
  /** "euro": the text is an amount shown in euro. */
  format?: 'euro';
  /** Each value once (a list with a row per cause detail offers each cause once). */
  unique?: boolean;
  /** Only the entries whose key equals an answer: { "key": "CAUSE_NO", "path": "CS_CLAIM.CAUSE_NO" }. */
  where?: { key: string; path: string };
}

export interface RuleRef {
  rule: string;
  params?: (unknown | { ref: string })[];
  /** Overrides the rule's own message key. */
  message?: string;
  /** Evaluate only when this holds. */
  when?: Condition;
}

export interface PackagesSpec {
  /** Where the packages list lives (CT_PACKAGES). */
  listPath: string;
  /** Where the covers live (CT_COVERS); optional covers have OPTIONAL "X". */
  coversPath?: string;
  /** Where the selected package is copied (CT_OFFERS). */
  offersPath: string;
  /**
   * The call that recalculates the selected package's amount, or several run in order (motor: the
   * chosen package's deductible lists, then its price); run when a package, an optional cover or a
   * `recalculates` field changes.
   */
  recalculate?: string | string[];
}

export interface PanelsSpec {
  /** ET_TEXTS names of the panels; each opened panel id is recorded once in `recordPath`. */
  items: { id: string; title: string; text: string; kind: 'cover' | 'document' }[];
  recordPath: string;
  requireAllOpened: boolean;
}

export type Effect =
  | { call: string; when?: Condition; confirmPremiumChange?: string }
  | { checkpoints: true; when?: Condition }
  | { otpGate: true; when?: Condition }
  | { set: Record<string, unknown>; when?: Condition }
  | { payment: string; when?: Condition };
