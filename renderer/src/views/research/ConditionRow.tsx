/**
 * One condition of the query builder: a field, the operations that fit it (ranges for dates, ids
 * and lengths; EQ and IN for text and identifiers), and a value control that fits the field (a
 * date picker, a region picker, length buckets), with a note where the platform matches fuzzily.
 */
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { COMMON_REGIONS, CONDITION_FIELDS, FUZZY_FIELDS, VIDEO_LENGTHS, operationsFor, type ConditionField, type Operation } from '../../../../common/research-rules';
import { Icon } from '../../components/Icon';
import type { MessageId } from '../../i18n';
import type { ConditionDraft } from './query-model';

const PLACEHOLDERS: Partial<Record<ConditionField, MessageId>> = {
  keyword: 'research.placeholder.keyword',
  hashtag_name: 'research.placeholder.hashtag',
  username: 'research.placeholder.username',
  video_id: 'research.placeholder.digits',
  music_id: 'research.placeholder.digits',
  effect_id: 'research.placeholder.digits',
  create_date: 'research.placeholder.date',
};

interface Props {
  condition: ConditionDraft;
  label: string;
  problem: string | null;
  onChange(next: ConditionDraft): void;
  onRemove(): void;
}

const toIso = (yyyymmdd: string) => (/^\d{8}$/.test(yyyymmdd) ? `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6)}` : '');

export function ConditionRow({ condition, label, problem, onChange, onRemove }: Props) {
  const intl = useIntl();
  const id = useId();
  const operations = operationsFor(condition.field);
  const multiple = condition.operation === 'IN';
  const placeholder = multiple ? 'research.placeholder.several' : PLACEHOLDERS[condition.field];
  const text = multiple ? condition.values.join(', ') : (condition.values[0] ?? '');
  const setText = (value: string) => onChange({ ...condition, values: multiple ? value.split(',').map((v) => v.trimStart()) : [value] });
  const listId = condition.field === 'region_code' ? `${id}-regions` : condition.field === 'video_length' ? `${id}-lengths` : undefined;

  return (
    <li className={problem ? 'condition condition--invalid' : 'condition'} aria-label={label}>
      <select className="select" aria-label={intl.formatMessage({ id: 'research.condition.field' }, { condition: label })} value={condition.field} onChange={(event) => {
        const field = event.target.value as ConditionField;
        const operation = operationsFor(field).includes(condition.operation) ? condition.operation : 'EQ';
        onChange({ ...condition, field, operation, values: [''] });
      }}>
        {CONDITION_FIELDS.map((field) => (
          <option key={field} value={field}>{intl.formatMessage({ id: `research.field.${field}` })}</option>
        ))}
      </select>
      <select className="select" aria-label={intl.formatMessage({ id: 'research.condition.operation' }, { condition: label })} value={condition.operation} onChange={(event) => {
        const operation = event.target.value as Operation;
        onChange({ ...condition, operation, values: operation === 'IN' ? condition.values : [condition.values[0] ?? ''] });
      }}>
        {operations.map((operation) => (
          <option key={operation} value={operation}>{intl.formatMessage({ id: `research.operation.${operation}` })}</option>
        ))}
      </select>
      {condition.field === 'create_date' && !multiple ? (
        <input type="date" aria-label={intl.formatMessage({ id: 'research.condition.value' }, { condition: label })} value={toIso(text)} onChange={(event) => setText(event.target.value.replaceAll('-', ''))} />
      ) : (
        <input
          type="text"
          aria-label={intl.formatMessage({ id: 'research.condition.value' }, { condition: label })}
          value={text}
          list={listId}
          placeholder={placeholder ? intl.formatMessage({ id: placeholder }) : undefined}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setText(event.target.value)}
        />
      )}
      {listId === `${id}-regions` ? (
        <datalist id={listId}>{COMMON_REGIONS.map((code) => <option key={code} value={code} />)}</datalist>
      ) : listId ? (
        <datalist id={listId}>{VIDEO_LENGTHS.map((bucket) => <option key={bucket} value={bucket} />)}</datalist>
      ) : null}
      <button type="button" className="icon-button icon-button--small" aria-label={intl.formatMessage({ id: 'research.condition.remove' }, { condition: label })} title={intl.formatMessage({ id: 'research.condition.removeTitle' })} onClick={onRemove}>
        <Icon name="close" size={16} />
      </button>
      {FUZZY_FIELDS.has(condition.field) ? <p className="condition__note">{intl.formatMessage({ id: 'research.condition.fuzzy' })}</p> : null}
      {condition.field === 'video_length' ? <p className="condition__note">{intl.formatMessage({ id: 'research.condition.lengths' })}</p> : null}
      {problem ? <p className="condition__error">{problem}</p> : null}
    </li>
  );
}
