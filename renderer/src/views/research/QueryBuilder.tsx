/**
 * The query builder for op 10: and / or / not groups of conditions, the date range (UTC, up to
 * 30 days), the fields to return, and the same request as editable JSON. The builder and the
 * JSON stay in sync: a builder change rewrites the JSON; a JSON edit that parses becomes the
 * builder's draft, and one that does not says where it is wrong while the builder keeps the last
 * good draft.
 */
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { GROUPS, MAX_WINDOW_DAYS, VIDEO_FIELDS, type Group } from '../../../../common/research-rules';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { ConditionRow } from './ConditionRow';
import { fieldLabel } from './columns';
import { issueWords, jsonProblemWords } from './problem-words';
import { draftProblems, newKey, parseRequestJson, requestJson, type Problem, type QueryDraft } from './query-model';

interface Props {
  draft: QueryDraft;
  onChange(draft: QueryDraft): void;
  onSearch(): void;
  searching: boolean;
  onSave(name: string): void;
}

export function QueryBuilder({ draft, onChange, onSearch, searching, onSave }: Props) {
  const intl = useIntl();
  const id = useId();
  const [mode, setMode] = useState<'builder' | 'json'>('builder');
  // The JSON as typed; null = show the draft's own JSON.
  const [jsonText, setJsonText] = useState<string | null>(null);
  const [jsonProblem, setJsonProblem] = useState<Problem | null>(null);
  const [saveName, setSaveName] = useState('');
  const problems = draftProblems(draft);
  const problemAt = (where: string) => {
    const problem = problems.find((p) => p.where === where);
    return problem ? issueWords(intl, problem.issue) : null;
  };
  const groupTitle = (group: Group) => intl.formatMessage({ id: `research.group.${group}.title` });
  const canSearch = problems.length === 0 && jsonProblem === null;

  const update = (next: QueryDraft) => {
    setJsonText(null);
    setJsonProblem(null);
    onChange(next);
  };
  const setGroup = (group: Group, conditions: QueryDraft['groups'][Group]) => update({ ...draft, groups: { ...draft.groups, [group]: conditions } });

  const editJson = (text: string) => {
    setJsonText(text);
    const parsed = parseRequestJson(text);
    if (parsed.ok) {
      setJsonProblem(null);
      onChange(parsed.draft);
    } else {
      setJsonProblem(parsed.problem);
    }
  };

  return (
    <form
      className="query-builder"
      aria-label={intl.formatMessage({ id: 'research.query.label' })}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSearch) onSearch();
      }}
    >
      <div className="query-builder__tabs" role="tablist" aria-label={intl.formatMessage({ id: 'research.query.tabs' })}>
        {(['builder', 'json'] as const).map((tab) => (
          <button key={tab} type="button" role="tab" id={`${id}-${tab}`} aria-selected={mode === tab} aria-controls={`${id}-${tab}-panel`} className="query-builder__tab" onClick={() => setMode(tab)}>
            {intl.formatMessage({ id: tab === 'builder' ? 'research.query.tab.builder' : 'research.query.tab.json' })}
          </button>
        ))}
      </div>

      {mode === 'builder' ? (
        <div role="tabpanel" id={`${id}-builder-panel`} aria-labelledby={`${id}-builder`}>
          {GROUPS.map((group) => (
            <fieldset key={group} className="query-group">
              <legend>
                {groupTitle(group)} <span className="query-group__note">{intl.formatMessage({ id: `research.group.${group}.note` })}</span>
              </legend>
              <ul className="query-group__list">
                {draft.groups[group].map((condition, i) => (
                  <ConditionRow
                    key={condition.key}
                    condition={condition}
                    label={intl.formatMessage({ id: 'research.condition.label' }, { group: groupTitle(group), number: i + 1 })}
                    // A condition nobody has typed into yet is not an error to show; Search stays unavailable until it is filled.
                    problem={condition.values.some((value) => value.trim() !== '') ? problemAt(`${group}[${i}]`) : null}
                    onChange={(next) => setGroup(group, draft.groups[group].map((c) => (c.key === condition.key ? next : c)))}
                    onRemove={() => setGroup(group, draft.groups[group].filter((c) => c.key !== condition.key))}
                  />
                ))}
              </ul>
              <Button variant="ghost" className="button--inline" onClick={() => setGroup(group, [...draft.groups[group], { key: newKey(), field: 'keyword', operation: 'EQ', values: [''] }])}>
                <Icon name="plus" size={16} /> {intl.formatMessage({ id: 'research.group.add' }, { group: groupTitle(group) })}
              </Button>
            </fieldset>
          ))}
          {problemAt('query') ? <p className="field__error">{problemAt('query')}</p> : null}

          <fieldset className="query-dates">
            <legend>{intl.formatMessage({ id: 'research.dates.legend' }, { days: MAX_WINDOW_DAYS })}</legend>
            <label>
              {intl.formatMessage({ id: 'research.dates.from' })} <input type="date" value={draft.startDate} aria-invalid={problemAt('start_date') ? true : undefined} onChange={(event) => update({ ...draft, startDate: event.target.value })} />
            </label>
            <label>
              {intl.formatMessage({ id: 'research.dates.to' })} <input type="date" value={draft.endDate} aria-invalid={problemAt('end_date') ? true : undefined} onChange={(event) => update({ ...draft, endDate: event.target.value })} />
            </label>
            {problemAt('start_date') ?? problemAt('end_date') ? <p className="field__error">{problemAt('start_date') ?? problemAt('end_date')}</p> : null}
          </fieldset>

          <fieldset className="query-fields">
            <legend>{intl.formatMessage({ id: 'research.fields.legend' })}</legend>
            {VIDEO_FIELDS.map((field) => (
              <label key={field} className="query-fields__option">
                <input
                  type="checkbox"
                  checked={field === 'id' || draft.fields.includes(field)}
                  disabled={field === 'id'}
                  onChange={(event) => update({ ...draft, fields: event.target.checked ? [...draft.fields, field] : draft.fields.filter((f) => f !== field) })}
                />
                {fieldLabel(intl, field)}
              </label>
            ))}
            {problemAt('fields') ? <p className="field__error">{problemAt('fields')}</p> : null}
          </fieldset>
        </div>
      ) : (
        <div role="tabpanel" id={`${id}-json-panel`} aria-labelledby={`${id}-json`} className="query-json">
          <label htmlFor={`${id}-json-text`} className="field__label">
            {intl.formatMessage({ id: 'research.json.label' })}
          </label>
          <textarea
            id={`${id}-json-text`}
            className="query-json__text"
            spellCheck={false}
            rows={18}
            value={jsonText ?? requestJson(draft)}
            aria-invalid={jsonProblem ? true : undefined}
            aria-describedby={jsonProblem ? `${id}-json-error` : undefined}
            onChange={(event) => editJson(event.target.value)}
          />
          {jsonProblem ? (
            <p className="field__error" id={`${id}-json-error`} role="alert">
              {jsonProblemWords(intl, jsonProblem)}
            </p>
          ) : problems.length > 0 ? (
            <p className="field__error">{jsonProblemWords(intl, problems[0]!)}</p>
          ) : null}
        </div>
      )}

      <div className="query-builder__actions">
        <Button type="submit" variant="primary" busy={searching} unavailable={!canSearch}>
          {intl.formatMessage({ id: 'research.search' })}
        </Button>
        <label className="query-builder__save">
          <span className="visually-hidden">{intl.formatMessage({ id: 'research.save.name' })}</span>
          <input type="text" placeholder={intl.formatMessage({ id: 'research.save.placeholder' })} value={saveName} maxLength={80} onChange={(event) => setSaveName(event.target.value)} />
        </label>
        <Button unavailable={!canSearch || saveName.trim() === ''} onClick={() => onSave(saveName.trim())}>
          {intl.formatMessage({ id: 'research.save' })}
        </Button>
      </div>
    </form>
  );
}
