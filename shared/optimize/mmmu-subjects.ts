/**
 * MMMU's 30 subjects, as its evaluation code lists them (`CAT_SHORT2LONG` in mmmu/utils/data_utils.py of
 * MMMU-Benchmark/MMMU, commit bb0b95a945998d91dfef37e969e07d49d1139438). TP-Eval's MMMU tasks are these subjects.
 */
export const MMMU_SUBJECTS: readonly string[] = [
  'Accounting', 'Agriculture', 'Architecture_and_Engineering', 'Art', 'Art_Theory', 'Basic_Medical_Science', 'Biology', 'Chemistry',
  'Clinical_Medicine', 'Computer_Science', 'Design', 'Diagnostics_and_Laboratory_Medicine', 'Economics', 'Electronics', 'Energy_and_Power',
  'Finance', 'Geography', 'History', 'Literature', 'Manage', 'Marketing', 'Materials', 'Math', 'Mechanical_Engineering', 'Music',
  'Pharmacy', 'Physics', 'Psychology', 'Public_Health', 'Sociology',
];

const SUBJECTS = new Set(MMMU_SUBJECTS);
const MMMU_ID = /^(?:dev|validation|test)_(.+)_\d+$/;

/** The subject of an MMMU id (`validation_Art_Theory_12` → `Art_Theory`), or null when it is not one of the 30. */
export function mmmuSubject(id: string): string | null {
  const subject = MMMU_ID.exec(id)?.[1];
  return subject !== undefined && SUBJECTS.has(subject) ? subject : null;
}
