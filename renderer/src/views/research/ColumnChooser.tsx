/**
 * Which loaded fields the results table shows: a column hidden here is still loaded, sorted by and
 * exported, only not drawn. Two columns start hidden so the default ones fit a 1280 px window.
 */
import { useIntl } from 'react-intl';
import type { VideoField } from '../../../../common/research-rules';
import { showColumn, useResearch } from '../../state/research';
import { fieldLabel } from './columns';

export function ColumnChooser({ fields }: { fields: readonly VideoField[] }) {
  const intl = useIntl();
  const hidden = useResearch((state) => state.hiddenColumns);
  return (
    <details className="column-chooser">
      <summary className="button button--secondary">{intl.formatMessage({ id: 'research.columns.choose' })}</summary>
      <fieldset className="column-chooser__list">
        <legend className="visually-hidden">{intl.formatMessage({ id: 'research.columns.label' })}</legend>
        {fields
          .filter((field) => field !== 'id')
          .map((field) => (
            <label key={field}>
              <input type="checkbox" checked={!hidden.includes(field)} onChange={(event) => showColumn(field, event.target.checked)} /> {fieldLabel(intl, field)}
            </label>
          ))}
      </fieldset>
    </details>
  );
}
