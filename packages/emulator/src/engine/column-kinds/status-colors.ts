/**
 * The number of each `StatusColumnColors` value, as the status column page's "Available colors" table gives it
 * (https://developer.monday.com/api-reference/reference/status). A new status label takes its colour's number as its
 * id (same page: the colour's numeric id serves as the label id when labels are created), so a colour starts at most
 * one label of a column: ./status-labels.ts.
 */
import type { StatusColumnColors } from '../resolvers/arguments.generated.js';

/** Colour name → its number. */
export const STATUS_COLOR_NUMBERS: Readonly<Record<StatusColumnColors, number>> = {
  working_orange: 0,
  done_green: 1,
  stuck_red: 2,
  dark_blue: 3,
  purple: 4,
  explosive: 5,
  grass_green: 6,
  bright_blue: 7,
  saladish: 8,
  egg_yolk: 9,
  blackish: 10,
  dark_red: 11,
  sofia_pink: 12,
  lipstick: 13,
  dark_purple: 14,
  bright_green: 15,
  chili_blue: 16,
  american_gray: 17,
  brown: 18,
  dark_orange: 19,
  sunset: 101,
  bubble: 102,
  peach: 103,
  berry: 104,
  winter: 105,
  river: 106,
  navy: 107,
  aquamarine: 108,
  indigo: 109,
  dark_indigo: 110,
  pecan: 151,
  lavender: 152,
  royal: 153,
  steel: 154,
  orchid: 155,
  lilac: 156,
  tan: 157,
  sky: 158,
  coffee: 159,
  teal: 160,
};

/** The number of colour `name`, or undefined for a name the enum does not have. */
export function statusColorNumber(name: string): number | undefined {
  return Object.hasOwn(STATUS_COLOR_NUMBERS, name) ? STATUS_COLOR_NUMBERS[name as StatusColumnColors] : undefined;
}
