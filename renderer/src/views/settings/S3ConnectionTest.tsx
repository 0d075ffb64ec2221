/**
 * "Test connection" for the bucket the Photos form describes (saved or not), with the keys in the
 * vault: the main process puts, reads back and deletes a small file and names the step that
 * failed. The form is checked first, so a test never runs on a half-typed bucket. The outcome is
 * kept as what to say, worded at each render: in the window's language even when it changes
 * while a test runs (the answer's words were once worded in the language of the click).
 */
import { useIntl, type IntlShape } from 'react-intl';
import { useState } from 'react';
import type { Settings } from '../../api/contract';
import { Button } from '../../components/Button';
import { TechnicalDetails } from '../../components/TechnicalDetails';
import { sayError, sayWords } from '../../i18n/main-words';
import { request } from '../../state/connection';
import { asApiError } from '../../state/settings';

type Bucket = Extract<Settings['photos']['host'], { kind: 's3' }>;
type Say = (intl: IntlShape) => string;
type Outcome = { ok: true; say: Say } | { ok: false; say: Say; detail: string | null };

/** `bucket` is null while the form has errors: the button then shows them instead of testing. */
export function S3ConnectionTest({ bucket, showErrors }: { bucket: Bucket | null; showErrors: () => void }) {
  const intl = useIntl();
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function test() {
    if (testing) return;
    if (!bucket) return showErrors();
    setTesting(true);
    setOutcome(null);
    try {
      const result = await request('photos.testS3', { host: bucket });
      setOutcome(
        result.ok
          ? { ok: true, say: (intlNow) => intlNow.formatMessage({ id: 'settings.s3Test.connected' }, { host: result.host }) }
          : { ok: false, say: (intlNow) => sayWords(intlNow, result.words), detail: result.detail },
      );
    } catch (failure) {
      const error = asApiError(failure);
      setOutcome({ ok: false, say: (intlNow) => sayError(intlNow, error), detail: error.code });
    } finally {
      setTesting(false);
    }
  }

  return (
    <div className="connection-test">
      <Button busy={testing} onClick={() => void test()}>
        {testing ? intl.formatMessage({ id: 'settings.s3Test.testing' }) : intl.formatMessage({ id: 'settings.s3Test.test' })}
      </Button>
      <div role="status" className="connection-test__result">
        {outcome ? <p className={outcome.ok ? 'connection-test__ok' : 'connection-test__failed'}>{outcome.say(intl)}</p> : null}
        {outcome && !outcome.ok && outcome.detail ? <TechnicalDetails>{outcome.detail}</TechnicalDetails> : null}
      </div>
    </div>
  );
}
