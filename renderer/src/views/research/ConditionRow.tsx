/**
 * One condition of the query builder: a field, the operations that fit it (ranges for dates, ids
 * and lengths; EQ and IN for text and identifiers), and a value control that fits the field (a
 * date picker, a region picker, length buckets), with a note where the platform matches fuzzily.
 */
import { useId } from 'react';
import { COMMON_REGIONS, CONDITION_FIELDS, FUZZY_FIELDS, VIDEO_LENGTHS, operationsFor, type ConditionField, type Operation } from '../../../../common/research-rules';
import { Icon } from '../../components/Icon';
import type { ConditionDraft } from './query-model';

const FIELD_LABELS: Record<ConditionField, string> = {
  keyword: 'Keyword',
  hashtag_name: 'Hashtag',
  username: 'Username',
  region_code: 'Region',
  create_date: 'Created on',
  video_length: 'Length',
  video_id: 'Video id',
  music_id: 'Music id',
  effect_id: 'Effect id',
};

const OPERATION_LABELS: Record<Operation, string> = { EQ: 'is', IN: 'is any of', GT: 'after / above', GTE: 'from / at least', LT: 'before / below', LTE: 'up to / at most' };

const PLACEHOLDERS: Partial<Record<ConditionField, string>> = { keyword: 'e.g. street food', hashtag_name: 'e.g. cooking', username: 'e.g. chef_ana', video_id: 'digits', music_id: 'digits', effect_id: 'digits' };

interface Props {
  condition: ConditionDraft;
  label: string;
  problem: string | null;
  onChange(next: ConditionDraft): void;
  onRemove(): void;
}

const toIso = (yyyymmdd: string) => (/^\d{8}$/.test(yyyymmdd) ? `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6)}` : '');

export function ConditionRow({ condition, label, problem, onChange, onRemove }: Props) {
  const id = useId();
  const operations = operationsFor(condition.field);
  const multiple = condition.operation === 'IN';
  const text = multiple ? condition.values.join(', ') : (condition.values[0] ?? '');
  const setText = (value: string) => onChange({ ...condition, values: multiple ? value.split(',').map((v) => v.trimStart()) : [value] });
  const listId = condition.field === 'region_code' ? `${id}-regions` : condition.field === 'video_length' ? `${id}-lengths` : undefined;

  return (
    <li className={problem ? 'condition condition--invalid' : 'condition'} aria-label={label}>
      <select aria-label={`${label}: field`} value={condition.field} onChange={(event) => {
        const field = event.target.value as ConditionField;
        const operation = operationsFor(field).includes(condition.operation) ? condition.operation : 'EQ';
        onChange({ ...condition, field, operation, values: [''] });
      }}>
        {CONDITION_FIELDS.map((field) => (
          <option key={field} value={field}>{FIELD_LABELS[field]}</option>
        ))}
      </select>
      <select aria-label={`${label}: operation`} value={condition.operation} onChange={(event) => {
        const operation = event.target.value as Operation;
        onChange({ ...condition, operation, values: operation === 'IN' ? condition.values : [condition.values[0] ?? ''] });
      }}>
        {operations.map((operation) => (
          <option key={operation} value={operation}>{OPERATION_LABELS[operation]}</option>
        ))}
      </select>
      {condition.field === 'create_date' && !multiple ? (
        <input type="date" aria-label={`${label}: value`} value={toIso(text)} onChange={(event) => setText(event.target.value.replaceAll('-', ''))} />
      ) : (
        <input
          type="text"
          aria-label={`${label}: value`}
          value={text}
          list={listId}
          placeholder={multiple ? 'values, separated by commas' : (PLACEHOLDERS[condition.field] ?? (condition.field === 'create_date' ? 'YYYYMMDD' : ''))}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setText(event.target.value)}
        />
      )}
      {listId === `${id}-regions` ? (
        <datalist id={listId}>{COMMON_REGIONS.map((code) => <option key={code} value={code} />)}</datalist>
      ) : listId ? (
        <datalist id={listId}>{VIDEO_LENGTHS.map((bucket) => <option key={bucket} value={bucket} />)}</datalist>
      ) : null}
      <button type="button" className="icon-button icon-button--small" aria-label={`Remove ${label}`} title="Remove" onClick={onRemove}>
        <Icon name="close" size={16} />
      </button>
      {FUZZY_FIELDS.has(condition.field) ? <p className="condition__note">Matched approximately: small spelling differences and any letter case still match.</p> : null}
      {condition.field === 'video_length' ? <p className="condition__note">SHORT (under 15 s), MID (15–60 s), LONG (1–5 min), EXTRA_LONG (over 5 min), or seconds.</p> : null}
      {problem ? <p className="condition__error">{problem}</p> : null}
    </li>
  );
}
