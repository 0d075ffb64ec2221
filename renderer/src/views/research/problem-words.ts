/**
 * The query builder's problems (query-model.ts: codes with parameters) in the window's language.
 * Fields and operations are named as the builder's pickers name them, never by their API names;
 * the JSON tab's own shape problems name the JSON keys, since that is what the person edits there.
 */
import type { IntlShape } from 'react-intl';
import { CONDITION_FIELDS, OPERATIONS, VIDEO_FIELDS, type ConditionIssue, type ValueIssue } from '../../../../common/research-rules';
import type { MessageId } from '../../i18n';
import type { JsonShape, Problem, QueryIssue } from './query-model';

const VALUE_WORDS: Record<ValueIssue, MessageId> = {
  empty: 'research.problem.value.empty',
  no_letters: 'research.problem.value.noLetters',
  one_word: 'research.problem.value.oneWord',
  region: 'research.problem.value.region',
  numeric_id: 'research.problem.value.numericId',
  date: 'research.problem.value.date',
  length: 'research.problem.value.length',
};

const SHAPE_WORDS: Record<JsonShape, MessageId> = {
  top_object: 'research.problem.json.topObject',
  unknown_key: 'research.problem.json.unknownKey',
  query_object: 'research.problem.json.queryObject',
  not_a_group: 'research.problem.json.notAGroup',
  condition_list: 'research.problem.json.conditionList',
  condition_object: 'research.problem.json.conditionObject',
  field_name: 'research.problem.json.fieldName',
  operation: 'research.problem.json.operation',
  value_strings: 'research.problem.json.valueStrings',
  date: 'research.problem.json.date',
  fields_list: 'research.problem.json.fieldsList',
  unknown_field: 'research.problem.json.unknownField',
};

function conditionWords(intl: IntlShape, issue: ConditionIssue): string {
  switch (issue.code) {
    case 'operation_not_for_field':
      return intl.formatMessage(
        { id: 'research.problem.operationNotForField' },
        { operation: intl.formatMessage({ id: `research.operation.${issue.operation}` }), field: intl.formatMessage({ id: `research.field.${issue.field}` }) },
      );
    case 'no_values':
      return intl.formatMessage({ id: 'research.problem.noValues' });
    case 'one_value_only':
      return intl.formatMessage({ id: 'research.problem.oneValueOnly' }, { operation: intl.formatMessage({ id: `research.operation.${issue.operation}` }) });
    case 'value': {
      const words = intl.formatMessage({ id: VALUE_WORDS[issue.issue] }, { value: issue.value });
      return issue.index === null ? words : intl.formatMessage({ id: 'research.problem.valueAt' }, { number: issue.index + 1, problem: words });
    }
  }
}

/** One problem's words, without where it is. */
export function issueWords(intl: IntlShape, issue: QueryIssue): string {
  switch (issue.code) {
    case 'no_conditions':
      return intl.formatMessage({ id: 'research.problem.noConditions' });
    case 'no_fields':
      return intl.formatMessage({ id: 'research.problem.noFields' });
    case 'not_a_date':
      return intl.formatMessage({ id: 'where' in issue && issue.where === 'start_date' ? 'research.problem.startNotDate' : 'research.problem.endNotDate' });
    case 'end_before_start':
      return intl.formatMessage({ id: 'research.problem.endBeforeStart' });
    case 'too_long':
      return intl.formatMessage({ id: 'research.problem.tooLong' }, { days: issue.days, max: issue.max });
    case 'json_syntax':
      return issue.line === null || issue.column === null
        ? intl.formatMessage({ id: 'research.problem.jsonSyntaxSomewhere' })
        : intl.formatMessage({ id: 'research.problem.jsonSyntax' }, { line: issue.line, column: issue.column });
    case 'json_shape': {
      const names = issue.shape === 'field_name' ? CONDITION_FIELDS.join(', ') : issue.shape === 'operation' ? OPERATIONS.join(', ') : VIDEO_FIELDS.join(', ');
      return intl.formatMessage({ id: SHAPE_WORDS[issue.shape] }, { names, value: issue.value ?? '' });
    }
    default:
      return conditionWords(intl, issue);
  }
}

/** A problem in the JSON tab: its path in the JSON first, as the person edits that text. */
export function jsonProblemWords(intl: IntlShape, problem: Problem): string {
  const words = issueWords(intl, problem.issue);
  return problem.where === '' || problem.where === 'json' ? words : intl.formatMessage({ id: 'research.problem.at' }, { path: problem.where, problem: words });
}
