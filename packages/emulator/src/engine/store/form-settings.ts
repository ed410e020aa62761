/**
 * A form's settings as the store keeps them: `accessibility`, `appearance` and `features` hold every field the
 * `ResponseForm` types answer (null or false when unset), and update_form_settings merges what it is sent into them.
 *
 * Rule map:
 * - what a new form starts with: {@link defaultFormSettings} (the types' non-null booleans false, the rest null;
 *   the form's own board group receives its items, the name question is included, as the platform's forms page
 *   describes a form synced with its board: https://developer.monday.com/api-reference/reference/form)
 * - a merge sets the leaves sent and keeps the rest: {@link mergeFormSettings}
 * - a value that cannot be kept is refused, naming its path: {@link checkFormSettings}
 * Pinned by packages/emulator/test/forms.test.ts.
 */
import { ENGINE_ERROR_CODES, engineError } from '../errors.js';

/** A settings object: fields of plain values or nested settings objects. */
export type SettingsTree = { [field: string]: unknown };

/** The settings of a new form whose items go to group `itemGroupId`. */
export function defaultFormSettings(itemGroupId: string | null): {
  accessibility: SettingsTree;
  appearance: SettingsTree;
  features: SettingsTree;
} {
  return {
    accessibility: { language: null, logoAltText: null },
    appearance: {
      background: { type: 'None', value: null },
      hideBranding: false,
      layout: { alignment: null, direction: null, format: null, type: null },
      logo: { position: null, size: null, url: null },
      primaryColor: null,
      showProgressBar: false,
      submitButton: { text: null },
      text: { color: null, font: null, size: null },
    },
    features: {
      afterSubmissionView: {
        allowEditSubmission: false,
        allowResubmit: false,
        allowViewSubmission: false,
        description: null,
        redirectAfterSubmission: { enabled: false, redirectUrl: null },
        showSuccessImage: false,
        title: null,
      },
      ai_translate: { enabled: false },
      closeDate: { date: null, enabled: false },
      draftSubmission: { enabled: false },
      isInternal: false,
      monday: {
        includeNameQuestion: true,
        includeUpdateQuestion: false,
        itemGroupId,
        syncQuestionAndColumnsTitles: true,
      },
      password: { enabled: false },
      preSubmissionView: { description: null, enabled: false, startButton: { text: null }, title: null },
      reCaptchaChallenge: false,
      requireLogin: { enabled: false, redirectToLogin: false },
      responseLimit: { enabled: false, limit: null },
      shortenedLink: { enabled: false, url: null },
    },
  };
}

function isTree(value: unknown): value is SettingsTree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `target` with every leaf of `input` set (an absent field, or one sent as undefined, is kept). A group of settings
 * sent as null is refused, naming its path: the form keeps every group whole (packages/emulator/test/forms.test.ts: "refuses
 * a settings group sent as null").
 */
export function mergeFormSettings(target: SettingsTree, input: object, path = ''): SettingsTree {
  const merged: SettingsTree = { ...target };
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const current = merged[field];
    const at = path === '' ? field : `${path}.${field}`;
    if (value === null && isTree(current)) throw invalid(at, 'send the fields to change, or leave the group out');
    merged[field] = isTree(value) && isTree(current) ? mergeFormSettings(current, value, at) : value;
  }
  return merged;
}

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

function invalid(path: string, message: string): Error {
  return engineError(ENGINE_ERROR_CODES.invalidArgument, `${path}: ${message}`, { path });
}

/**
 * Refuses settings a form cannot keep: a colour that is not `#rrggbb`, a response limit that is not a positive whole
 * number, a close date that is not a date, an item group the form's board lacks, a password switched on before one
 * was set (set_form_password).
 */
export function checkFormSettings(
  settings: { appearance: SettingsTree; features: SettingsTree },
  groupIds: readonly string[],
  hasPassword: boolean,
): void {
  const { appearance, features } = settings;
  const text = appearance.text as SettingsTree;
  for (const [path, color] of [
    ['appearance.primaryColor', appearance.primaryColor],
    ['appearance.text.color', text.color],
  ] as const) {
    if (color !== null && (typeof color !== 'string' || !HEX_COLOR.test(color)))
      throw invalid(path, `expected a HEX colour such as "#0073ea", got ${JSON.stringify(color)}`);
  }
  const limit = (features.responseLimit as SettingsTree).limit;
  if (limit !== null && (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1))
    throw invalid('features.responseLimit.limit', `expected a whole number from 1, got ${JSON.stringify(limit)}`);
  const date = (features.closeDate as SettingsTree).date;
  if (date !== null && (typeof date !== 'string' || Number.isNaN(Date.parse(date))))
    throw invalid('features.closeDate.date', `expected an ISO 8601 date, got ${JSON.stringify(date)}`);
  const group = (features.monday as SettingsTree).itemGroupId;
  if (group !== null && (typeof group !== 'string' || !groupIds.includes(group)))
    throw invalid('features.monday.itemGroupId', `the form's board has no group ${JSON.stringify(group)}`);
  if ((features.password as SettingsTree).enabled === true && !hasPassword)
    throw invalid('features.password.enabled', 'set a password with set_form_password first');
}
