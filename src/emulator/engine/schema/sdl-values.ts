/** The ColumnValue interface and the implementations the emulator models. */
export const COLUMN_VALUES_SDL = /* GraphQL */ `
"The value of one column on one item."
interface ColumnValue {
  id: ID!
  column: Column!
  type: ColumnType!
  text: String
  value: JSON
}

type TextValue implements ColumnValue {
  id: ID!
  column: Column!
  type: ColumnType!
  text: String
  value: JSON
}

type LongTextValue implements ColumnValue {
  id: ID!
  column: Column!
  type: ColumnType!
  text: String
  value: JSON
  updated_at: Date
}

type StatusValue implements ColumnValue {
  id: ID!
  column: Column!
  type: ColumnType!
  text: String
  value: JSON
  index: Int
  label: String
  is_done: Boolean
  updated_at: Date
}

type DateValue implements ColumnValue {
  id: ID!
  column: Column!
  type: ColumnType!
  text: String
  value: JSON
  date: String
  time: String
  updated_at: Date
}

type NumbersValue implements ColumnValue {
  id: ID!
  column: Column!
  type: ColumnType!
  text: String
  value: JSON
  number: Float
  symbol: String
}

type CheckboxValue implements ColumnValue {
  id: ID!
  column: Column!
  type: ColumnType!
  text: String
  value: JSON
  checked: Boolean
  updated_at: Date
}

type FileValue implements ColumnValue {
  id: ID!
  column: Column!
  type: ColumnType!
  text: String
  value: JSON
}
`;
